import { z } from "zod";

// Inbound routing (issue 23), shared by PUT /api/settings/routing and
// Settings → Routing. An organization with no plan answers calls exactly as
// the specification states: every call is enqueued at once.

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be a time of day as HH:MM (24-hour)");
const e164 = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{1,14}$/, "must be an E.164 number");
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "is not a calendar date");

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const interval = z
  .object({ start: clock, end: clock })
  .strict()
  .refine((i) => i.start < i.end, { message: "must end after it starts (split a night shift over two days)", path: ["end"] });

/** Where a caller is sent: a department's queue (null: the organization's general queue), its voicemail, or an outside number. */
export const routingTargetSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("queue"), department_id: z.number().int().positive().nullable() }).strict(),
  z.object({ type: z.literal("voicemail"), department_id: z.number().int().positive().nullable() }).strict(),
  z.object({ type: z.literal("number"), number: e164 }).strict(),
]);

const menuOptionSchema = z
  .object({
    digit: z.string().regex(/^[0-9*#]$/, "must be one key: 0-9, * or #"),
    /** What the caller hears: "Sales" → "For Sales, press 1." */
    label: z.string().trim().min(1).max(60),
    /** Words a caller may say instead of pressing the key (the label is always one). */
    words: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
    target: routingTargetSchema,
  })
  .strict();

export const callerMenuSchema = z
  .object({
    greeting: z.string().trim().min(1).max(500),
    options: z
      .array(menuOptionSchema)
      .min(1)
      .max(10)
      .refine((options) => new Set(options.map((o) => o.digit)).size === options.length, "each option needs a key of its own"),
    /** The option taken after a caller gives no usable answer twice. */
    default_digit: z.string().regex(/^[0-9*#]$/, "must be one key: 0-9, * or #"),
  })
  .strict()
  .refine((menu) => menu.options.some((o) => o.digit === menu.default_digit), { message: "must be the key of one of the options", path: ["default_digit"] });

export const routingPlanSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** The organization's numbers this plan answers; empty: every number no other plan names. */
    numbers: z.array(e164).max(100).default([]),
    /** Opening hours per weekday in the organization's time zone; a day left out is closed. null: always open. */
    hours: z.partialRecord(z.enum(WEEKDAYS), z.array(interval).max(6)).nullable().default(null),
    /** Closed all day (the organization's dates). */
    holidays: z.array(day).max(366).default([]),
    /** Outside hours: what the caller hears first. */
    closed_message: z.string().trim().min(1).max(500).default("Thank you for calling. We are closed now. Please call again during our opening hours."),
    /** Outside hours, after the message: the call ends, or the caller may leave a voicemail (for the plan's queue). */
    closed_action: z.enum(["message", "voicemail"]).default("message"),
    /** A caller whose queue has no agent on duty (everyone serving it offline): waits anyway, or leaves a voicemail. */
    no_agents: z.enum(["queue", "voicemail"]).default("queue"),
    /** How often a waiting caller hears their position and expected wait (hold music between). */
    announce_every_seconds: z.number().int().min(15).max(600).default(60),
    /** What a caller hears before the tone. */
    voicemail_prompt: z.string().trim().min(1).max(500).default("Please leave your name, number and message after the tone. We will call you back."),
    /** After this long in line a caller may press `digit` to be called back instead: they hang up and keep their place. null: never offered. */
    callback_offer: z
      .object({
        after_seconds: z.number().int().min(0).max(3600),
        digit: z.string().regex(/^[0-9*#]$/, "must be one key: 0-9, * or #"),
      })
      .strict()
      .nullable()
      .default(null),
    /** Open, no menu: where every call goes (a queue, usually). */
    queue: routingTargetSchema.default({ type: "queue", department_id: null }),
    menu: callerMenuSchema.nullable().default(null),
  })
  .strict();

export const routingSettingsSchema = z
  .object({
    plans: z
      .array(routingPlanSchema)
      .max(50)
      .refine((plans) => plans.filter((p) => p.numbers.length === 0).length <= 1, "only one plan may answer every other number (empty numbers)")
      .refine((plans) => {
        const all = plans.flatMap((p) => p.numbers);
        return new Set(all).size === all.length;
      }, "a number can point to one plan only"),
  })
  .strict();

export type RoutingTarget = z.infer<typeof routingTargetSchema>;
export type CallerMenu = z.infer<typeof callerMenuSchema>;
export type RoutingPlan = z.infer<typeof routingPlanSchema>;
export type RoutingSettings = z.infer<typeof routingSettingsSchema>;

/** PUT /api/settings/routing/queues/{id}: who serves a department's queue besides its own users. */
export const queueMembersSchema = z
  .object({
    member_ids: z.array(z.number().int().positive().max(2_147_483_647, "is not a valid id.")).max(500),
  })
  .strict();
export type QueueMembersInput = z.infer<typeof queueMembersSchema>;
