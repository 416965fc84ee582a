import { z } from "zod";
import { callLogAnswer } from "@/lib/calls/call-log-answer";
import { pageMeta } from "@/lib/http/answer-schemas";
import { contactAnswer } from "@/lib/contacts/contact-answer";
import { messageAnswer } from "@/lib/messages/message-answer";

// A contact's detail view (get-contact.ts): the contact with its latest calls
// and texts. Above contacts, calls and messages, which each know only their own.

/** A custom field the caller may see, for labelling and typing the values. */
const fieldDefinitionAnswer = z.object({
  name: z.string(),
  label: z.string(),
  field_type: z.string(),
  options: z.array(z.string()).nullable(),
  required: z.boolean(),
});

export const contactDetailAnswer = contactAnswer
  .extend({
    call_history: z.array(callLogAnswer).meta({ description: "Newest first" }),
    call_history_total: z.number().int(),
    call_history_meta: pageMeta,
    recent_messages: z.array(messageAnswer).meta({ description: "The latest 20 text messages with the contact's number, newest first" }),
    sms_opted_out_at: z.string().meta({ format: "date-time" }).nullable().meta({ description: "When the number texted STOP (or another opt-out word); null when it may be texted" }),
    sms_opt_out_message_id: z.number().int().nullable().meta({ description: "The message that opted the number out: the evidence" }),
    legal_hold: z.boolean().meta({ description: "A legal hold keeps the recordings of this contact's calls past retention, and refuses their erasure (issue 47)" }),
    custom_field_definitions: z.array(fieldDefinitionAnswer).meta({ description: "The active fields the caller may see, in display order, for rendering custom_fields" }),
  })
  .meta({ id: "ContactDetail" });
