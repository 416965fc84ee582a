import { z } from "zod";
import { id, page, timestamp } from "@/lib/http/answer-schemas";

// A contact as the API answers it (serialize-contact.ts returns exactly
// this) and its page; its detail view is lib/contact-detail's.

export const CONTACT_STATUSES = ["active", "archived"] as const;

export const contactAnswer = z
  .object({
    id,
    organization_id: z.number().int(),
    department_id: z.number().int(),
    created_by_user_id: z.number().int().nullable(),
    name: z.string(),
    phone: z.string().meta({ description: "E.164" }),
    email: z.string().nullable(),
    company: z.string().nullable(),
    tags: z.array(z.string()),
    custom_fields: z.record(z.string(), z.unknown()).meta({ description: "Only the fields the caller's role may see" }),
    notes: z.string().nullable(),
    status: z.enum(CONTACT_STATUSES),
    archived_at: timestamp.nullable(),
    opted_out: z.boolean(),
    opted_out_at: timestamp.nullable().meta({ description: "When the contact opted out (opted_out true); saving it again keeps the date" }),
    last_called_at: timestamp.nullable(),
    last_call_outcome: z.string().nullable(),
    total_calls: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Contact" });
export type ContactAnswer = z.output<typeof contactAnswer>;

export const contactPageAnswer = page(contactAnswer).meta({ id: "ContactPage" });

/** A merge answers the kept contact, the ids merged into it and the merge (to undo it). */
export const mergedContactAnswer = contactAnswer.extend({ merged_ids: z.array(id), merge_id: id });

/** A contact as an agent sees it before a call: the caller card, the dialer's suggestions, the preview card. */
export const contactCardAnswer = z.object({
  id,
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  last_called_at: timestamp.nullable(),
  last_call_outcome: z.string().nullable(),
  total_calls: z.number().int(),
});
