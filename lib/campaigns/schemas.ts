import { z } from "zod";
import { bigId, intId } from "@/lib/http/params";
import { E164_PATTERN } from "@/lib/contacts/phone";
import { tagSchema } from "@/lib/contacts/tags/schemas";
import { paginationSchema } from "@/lib/http/pagination";
import { patchSchema } from "@/lib/http/patch-schema";

// Shared by the campaign routes and the campaign form.
export const DIALING_MODES = ["preview", "progressive", "predictive"] as const;
export const RETRY_OUTCOMES = ["no-answer", "busy", "failed"] as const;
export const CAMPAIGN_STATUSES = ["draft", "running", "paused", "completed", "stopped"] as const;
export const CAMPAIGN_CONTACT_STATES = ["pending", "dialing", "answered", "retry_wait", "done", "excluded"] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM");

export const selectionSchema = z
  .object({
    tags: z.array(tagSchema).max(20).optional(),
    tags_any: z.array(tagSchema).max(20).optional(),
    saved_filter_id: intId.optional(),
    contact_ids: z.array(bigId).max(10_000).optional(),
  })
  .refine((s) => s.tags?.length || s.tags_any?.length || s.saved_filter_id || s.contact_ids?.length, {
    message: "Choose the contacts: tags, a saved filter or explicit contacts.",
  });

export const callingWindowSchema = z
  .object({
    start: hhmm.default("09:00"),
    end: hhmm.default("20:00"),
    days: z.array(z.number().int().min(1).max(7)).min(1, "Choose at least one day.").default([1, 2, 3, 4, 5]),
    timezone: z.string().max(64).nullish(),
  })
  .refine((w) => w.start < w.end, { path: ["end"], message: "The window must end after it starts." });

export const pacingSchema = z.object({
  /** Predictive: the most lines dialed per available agent (the engine adapts below it). */
  max_ratio: z.number().min(1).max(5).default(2),
  /** A ceiling on new dials per minute for the whole campaign. */
  max_calls_per_minute: z.number().int().min(1).max(6000).default(60),
});

const base = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(255),
  department_id: intId.optional(),
  caller_id: z.string().trim().regex(E164_PATTERN, "The caller ID must be an E.164 number.").nullish(),
  selection: selectionSchema,
  exclude_dnc: z.boolean().default(true),
  dialing_mode: z.enum(DIALING_MODES).default("progressive"),
  pacing: pacingSchema.default({ max_ratio: 2, max_calls_per_minute: 60 }),
  calling_window: callingWindowSchema.default({ start: "09:00", end: "20:00", days: [1, 2, 3, 4, 5] }),
  timezone_policy: z.enum(["contact", "campaign"]).default("contact"),
  max_attempts: z.number().int().min(1).max(10).default(3),
  retry_delay_minutes: z.number().int().min(1).max(10_080).default(60),
  retry_outcomes: z.array(z.enum(RETRY_OUTCOMES)).max(3).default(["no-answer", "busy"]),
  amd_enabled: z.boolean().default(false),
  voicemail_message: z.string().trim().max(1000).nullish(),
  recording_enabled: z.boolean().default(false),
});

function campaignRules(value: { timezone_policy?: string; calling_window?: { timezone?: string | null }; amd_enabled?: boolean; voicemail_message?: string | null }, ctx: z.RefinementCtx) {
  if (value.timezone_policy === "campaign" && !value.calling_window?.timezone) {
    ctx.addIssue({ code: "custom", path: ["calling_window", "timezone"], message: "Give the campaign's time zone, or use the contact's." });
  }
  const zone = value.calling_window?.timezone;
  if (zone) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
    } catch {
      ctx.addIssue({ code: "custom", path: ["calling_window", "timezone"], message: "Unknown time zone (use a name like America/New_York)." });
    }
  }
}

export const createCampaignSchema = base.superRefine(campaignRules);
export const updateCampaignSchema = patchSchema(base).superRefine(campaignRules);
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

export const listCampaignsQuery = paginationSchema.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() });
/** GET /api/campaigns/{id}/dry-run/contacts: who the campaign would call, or who it leaves out and why. */
export const dryRunContactsQuery = paginationSchema.extend({ list: z.enum(["will_call", "left_out"]).default("will_call") });
export const campaignContactsQuery = paginationSchema.extend({ state: z.enum(CAMPAIGN_CONTACT_STATES).optional() });
/** Adding or removing a campaign's contacts: a key it does not know is refused (422). */
export const campaignContactIdsSchema = z.strictObject({ contact_ids: z.array(bigId).min(1).max(10_000) });
