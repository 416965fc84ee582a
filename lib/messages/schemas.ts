import { z } from "zod";
import { E164_PATTERN } from "@/lib/contacts/phone";
import { contactInputSchema } from "@/lib/contacts/schemas";
import { bigId, bigIdQuery, intId, intIdQuery } from "@/lib/http/params";
import { paginationSchema } from "@/lib/http/pagination";
import { MAX_MESSAGE_CHARACTERS } from "./segments";

// Shared by the message routes and the Messages page's forms.

const e164 = z.string().trim().regex(E164_PATTERN, "must be in E.164 format, e.g. +14155552671.");
const messageBody = z.string().refine((body) => [...body].length <= MAX_MESSAGE_CHARACTERS, `may not be longer than ${MAX_MESSAGE_CHARACTERS} characters.`);

/** A picture or file the provider fetches and sends (MMS): https only; the address check happens on send. */
const mediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an https address.");

export const sendMessageSchema = z
  .object({
    contact_id: bigId.optional(),
    to: e164.optional(),
    body: messageBody.default(""),
    media_urls: z.array(mediaUrl).max(10, "may hold at most 10 addresses.").optional(),
    /** A saved reply: its placeholders are filled from the contact and it stands for the body. */
    template_id: intId.optional(),
    /** Sent on behalf of a campaign: held during quiet hours, unlike an agent's reply. */
    campaign_id: intId.optional(),
    /** sms (the default) or whatsapp (issue 48), from the organization's WhatsApp sender. */
    channel: z.enum(["sms", "whatsapp"], { error: 'channel is "sms" or "whatsapp".' }).default("sms"),
    /** WhatsApp: an approved content template (one of Settings' templates), the only kind of message allowed outside the 24-hour window. */
    content_sid: z
      .string()
      .trim()
      .regex(/^HX[0-9a-fA-F]{32}$/, "content_sid is a content template's id (HX and 32 hex digits).")
      .optional(),
    /** The template's variables by number: { "1": "Dora" }. */
    content_variables: z.record(z.string().regex(/^\d{1,2}$/, "Variables are numbered: 1, 2…"), z.string().max(1024, "A variable is at most 1,024 characters.")).optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.contact_id === undefined) === (input.to === undefined)) ctx.addIssue({ code: "custom", path: ["to"], message: "Give either contact_id or to (an E.164 number), not both." });
    if (input.content_sid !== undefined) {
      if (input.channel !== "whatsapp") ctx.addIssue({ code: "custom", path: ["content_sid"], message: "Content templates are for WhatsApp (channel: whatsapp)." });
      if (input.body.trim() || input.media_urls?.length || input.template_id !== undefined)
        ctx.addIssue({ code: "custom", path: ["body"], message: "A content template is sent as approved: leave body, media and template_id out." });
      return;
    }
    if (input.content_variables !== undefined) ctx.addIssue({ code: "custom", path: ["content_variables"], message: "Variables go with a content template (content_sid)." });
    if (!input.body.trim() && !input.media_urls?.length && input.template_id === undefined)
      ctx.addIssue({ code: "custom", path: ["body"], message: "The message is empty: write something or attach media." });
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** POST /api/conversations/{id}/messages: an answer in the conversation, on its channel. */
export const replySchema = z.object({ body: messageBody.refine((body) => body.trim().length > 0, "The message is empty: write something.") });

export const CONVERSATION_STATUSES = ["open", "closed"] as const;
/** The channels of the inbox (issue 48). */
export const MESSAGE_CHANNELS = ["sms", "whatsapp", "web"] as const;

export const listConversationsQuery = paginationSchema.extend({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  /** `me`, `unassigned`, or a user id. */
  assigned: z.union([z.enum(["me", "unassigned"]), intIdQuery]).optional(),
  /** A name, phone digits or words of the last message. */
  q: z.string().trim().max(100).optional(),
  /** One channel's conversations only. */
  channel: z.enum(MESSAGE_CHANNELS, { error: `channel is one of ${MESSAGE_CHANNELS.join(", ")}.` }).optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>;

export const threadQuery = z.object({
  /** A message id: the page holds the messages before it (older). */
  before: bigIdQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ThreadQuery = z.infer<typeof threadQuery>;

export const updateConversationSchema = z
  .object({
    status: z.enum(CONVERSATION_STATUSES).optional(),
    assigned_user_id: intId.nullable().optional(),
  })
  .strict()
  .refine((input) => input.status !== undefined || input.assigned_user_id !== undefined, { message: "Give status or assigned_user_id.", path: ["status"] });
export type UpdateConversationInput = z.infer<typeof updateConversationSchema>;

/** Turns an unknown number's conversation into a contact in one step. */
export const conversationContactSchema = contactInputSchema.pick({ name: true, email: true, company: true, notes: true, tags: true });

export const messageTemplateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Placeholders such as {{name}}, {{first_name}}, {{company}} are filled from the contact. */
  body: messageBody.refine((body) => body.trim().length > 0, "may not be empty."),
});
export const updateMessageTemplateSchema = messageTemplateSchema.partial();

export const MESSAGE_STATUSES = ["held", "queued", "sending", "sent", "delivered", "undelivered", "failed", "read", "received"] as const;
