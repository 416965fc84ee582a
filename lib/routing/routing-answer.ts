import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";
import { roleSchema } from "@/lib/users/schemas";

// What Settings → Routing's helpers answer: the queues and who serves them
// (queue-members.ts), and what a caller to a plan hears and where they go (walk-plan.ts).

const server = z.object({
  id,
  name: z.string(),
  role: roleSchema,
  via: z.enum(["department", "member"]).meta({ description: "department: a user of the queue's department; member: named a member from another" }),
});

export const queueAnswer = z.object({
  department_id: id.nullable().meta({ description: "null: the organization's general queue" }),
  name: z.string(),
  served_by_everyone: z.boolean(),
  servers: z.array(server).meta({ description: "Admins serve every queue and are not listed" }),
});

export const queueListAnswer = z.object({
  data: z.array(queueAnswer),
  users: z
    .array(z.object({ id, name: z.string(), role: roleSchema, department_id: id.nullable(), serves_every_queue: z.boolean() }))
    .meta({ description: "The organization's active users, to add as members" }),
});

export const greetingPreviewAnswer = z.object({
  open_now: z.boolean().meta({ description: "The plan's hours are open at the time previewed (now unless `at` was given), on the organization's clock" }),
  at: timestamp.meta({ description: "The time previewed" }),
  time_zone: z.string(),
  steps: z.array(z.string()).meta({ description: "What the caller hears and where they go, in order, in words (issue 45)" }),
  ends_in: z.enum(["ended", "voicemail", "queue", "forwarded", "menu"]).meta({ description: "Where the walk ends: menu when no caller move was given and every option is listed" }),
  twiml: z.string().meta({ description: "The provider's instructions a call at that time is first answered with" }),
});

/** The preview's caller and clock: a time on the organization's clock, and what the caller does at the menu. */
export const previewQuerySchema = z.object({
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "Enter a date and time, like 2026-11-26T14:00.")
    .optional(),
  digits: z
    .string()
    .regex(/^[0-9*#]$/, "Press one key: 0-9, * or #.")
    .optional(),
  speech: z.string().trim().min(1).max(100).optional(),
  hang_up: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
