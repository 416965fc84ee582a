import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";
import { roleSchema } from "@/lib/users/schemas";
import { FIELD_TYPES } from "./field-types";

// A custom field's definition as the API answers it (manage-custom-fields.ts).

export const customFieldAnswer = z.object({
  id,
  name: z.string().meta({ description: "The key under custom_fields on a contact" }),
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  options: z.array(z.string()).meta({ description: "A dropdown's choices; empty for other types" }),
  required: z.boolean(),
  visible_to: z.array(roleSchema),
  display_order: z.number().int(),
  archived_at: timestamp.nullable().meta({ description: "Archived fields are hidden and keep their values" }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const customFieldListAnswer = z.object({ data: z.array(customFieldAnswer) });

/** A field deleted and its values erased inside the request (the operation's result when it ran as one). */
export const customFieldDeletionAnswer = z.object({
  deleted: z.literal(true),
  name: z.string(),
  contacts_erased: z.number().int(),
});
