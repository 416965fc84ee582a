import { z } from "zod";
import { id, named, timestamp } from "@/lib/http/answer-schemas";
import { bigId, intId } from "@/lib/http/params";

// Scheduled callbacks (issue 44, point 7): a call back to a contact at a time.

export const scheduleCallbackSchema = z.strictObject({
  contact_id: bigId,
  at: z.iso.datetime({ offset: true, error: "The time must be an ISO 8601 date-time with its offset (2026-12-01T15:30:00-05:00)." }),
  /** Who is offered it first; absent: the one scheduling it (an agent), or nobody (the queue's agents alike). */
  owner_id: intId.nullable().optional(),
  /** Whose agents take it when the owner does not; absent: the contact's department's queue. */
  queue_id: intId.optional(),
  note: z.string().trim().max(500, "The note is at most 500 characters.").optional(),
});
export type ScheduleCallbackInput = z.infer<typeof scheduleCallbackSchema>;

export const listCallbacksQuery = z.object({
  status: z.enum(["upcoming", "all"], { error: "status is upcoming or all." }).default("upcoming"),
});

export const CALLBACK_STATUSES = ["scheduled", "due", "in_progress", "completed", "missed", "cancelled"] as const;

export const callbackAnswer = z.object({
  id,
  status: z.enum(CALLBACK_STATUSES).meta({
    description:
      "scheduled; due (offered, or waiting for an agent); in_progress (an agent is calling); completed (reached); missed (not reached: in the follow-ups, GET /api/queue/abandoned); cancelled",
  }),
  at: timestamp,
  contact: z.object({ id, name: z.string(), phone: z.string() }),
  contact_time_zone: z.string().meta({ description: "Where the contact's number rings (the organization's when the number says nothing)" }),
  at_contact_time: z.string().meta({ description: "`at` on the contact's clock, YYYY-MM-DD HH:MM" }),
  organization_time_zone: z.string(),
  at_organization_time: z.string().meta({ description: "`at` on the organization's clock, YYYY-MM-DD HH:MM" }),
  owner: named.nullable(),
  queue: z.object({ id, name: z.string() }),
  note: z.string().nullable(),
  queue_entry_id: id.nullable().meta({ description: "Its queue entry once due (the follow-ups list names it by this id)" }),
  created_at: timestamp,
});
export type CallbackAnswer = z.output<typeof callbackAnswer>;
export const callbackListAnswer = z.object({ data: z.array(callbackAnswer) });
