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
const mediaUrl = z.string().trim().max(2048).refine((value) => {
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
  })
  .superRefine((input, ctx) => {
    if ((input.contact_id === undefined) === (input.to === undefined)) ctx.addIssue({ code: "custom", path: ["to"], message: "Give either contact_id or to (an E.164 number), not both." });
    if (!input.body.trim() && !input.media_urls?.length && input.template_id === undefined) ctx.addIssue({ code: "custom", path: ["body"], message: "The message is empty: write something or attach media." });
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const CONVERSATION_STATUSES = ["open", "closed"] as const;

export const listConversationsQuery = paginationSchema.extend({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  /** `me`, `unassigned`, or a user id. */
  assigned: z.union([z.enum(["me", "unassigned"]), intIdQuery]).optional(),
  /** A name, phone digits or words of the last message. */
  q: z.string().trim().max(100).optional(),
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
