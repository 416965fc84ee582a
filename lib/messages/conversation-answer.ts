import { z } from "zod";
import { contactAnswer } from "@/lib/contacts/contact-answer";
import { id, page, timestamp } from "@/lib/http/answer-schemas";
import { MESSAGE_ANSWER_STATUSES, MESSAGE_DIRECTIONS, messageAnswer } from "./message-answer";
import { CONVERSATION_STATUSES, MESSAGE_CHANNELS } from "./schemas";

// A text conversation as the API shows it (serialize-conversation.ts returns
// exactly this), and the answers built on it: the list, one thread.

export const conversationAnswer = z
  .object({
    id,
    channel: z.enum(MESSAGE_CHANNELS).meta({ description: "sms, whatsapp (through the provider) or web (the site's chat widget): one person on one channel is one conversation" }),
    whatsapp_window: z
      .object({ open: z.boolean(), closes_at: timestamp.nullable() })
      .nullable()
      .meta({ description: "WhatsApp only: free-form replies are allowed until closes_at (24 hours after the person's last message); when closed, only approved templates (content_sid)" }),
    phone: z.string().meta({ description: "The other party's number" }),
    our_number: z.string().nullable().meta({ description: "The organization's number the conversation uses" }),
    contact: z
      .object({ id, name: z.string(), company: z.string().nullable(), email: z.string().nullable() })
      .nullable()
      .meta({ description: "The organization's contact with this number, if any (what the reply templates fill in)" }),
    status: z.enum(CONVERSATION_STATUSES),
    department_id: id.nullable(),
    assigned_user: z.object({ id, name: z.string().nullable() }).nullable(),
    unread_count: z.number().int().meta({ description: "Incoming messages the caller has not read, up to 100" }),
    last_message: z.object({ id, body: z.string().nullable(), direction: z.enum(MESSAGE_DIRECTIONS), status: z.enum(MESSAGE_ANSWER_STATUSES), created_at: timestamp }).nullable(),
    last_message_at: timestamp,
    sms_opted_out_at: timestamp.nullable().meta({ description: "The person sent STOP on this channel: nothing more is sent to them here until they send START" }),
    created_at: timestamp,
  })
  .meta({ id: "Conversation" });
export type ConversationAnswer = z.output<typeof conversationAnswer>;

export const conversationPageAnswer = page(conversationAnswer).meta({ id: "ConversationPage" });

/** PATCH: the conversation as it is now; an agent who let it go (and may read it no more) gets what changed. */
export const updatedConversationAnswer = z.union([
  conversationAnswer,
  z.object({ id, status: z.enum(CONVERSATION_STATUSES).nullable(), assigned_user: z.null() }).meta({ description: "The agent let the conversation go and may read it no more" }),
]);

/** A thread, a page at a time back in time. */
export const threadAnswer = z
  .object({
    conversation: conversationAnswer,
    data: z.array(messageAnswer).meta({ description: "Oldest first; the newest message is last" }),
    meta: z.object({ limit: z.number().int(), has_more: z.boolean(), next_before: id.nullable().meta({ description: "Pass as `before` for the older page" }) }),
  })
  .meta({ id: "Thread" });

/** POST /api/conversations/{id}/contact: the number saved as a contact, and the conversation that now names it. */
export const conversationContactAnswer = z.object({ contact: contactAnswer, conversation: conversationAnswer });
