import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

// An offer as GET /api/offers answers it (issue 44): the call offered to the
// agent, who is calling, their contact card, and until when it rings.

export const OFFER_STATUSES = ["open", "accepted", "declined", "missed", "withdrawn"] as const;

export const offerAnswer = z.object({
  id,
  status: z.enum(OFFER_STATUSES),
  call: z.object({ queue_entry_id: id, call_sid: z.string(), callback: z.boolean().meta({ description: "The caller asked to be called back: accepting dials them" }), wait_seconds: z.number().int() }),
  caller: z.object({ number: z.string(), name: z.string().nullable().meta({ description: "The contact's name, when the number is a contact's" }) }),
  contact: z
    .object({
      id,
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      company: z.string().nullable(),
      tags: z.array(z.string()),
      notes: z.string().nullable(),
      total_calls: z.number().int(),
      last_called_at: timestamp.nullable(),
      last_call_outcome: z.string().nullable(),
    })
    .nullable(),
  queue: z.object({ id, name: z.string(), department_id: id.nullable() }),
  created_at: timestamp,
  expires_at: timestamp,
});
export type OfferAnswer = z.output<typeof offerAnswer>;

export const offerListAnswer = z.object({ data: z.array(offerAnswer) });
export const declinedOfferAnswer = z.object({ id, status: z.literal("declined") });
