import "server-only";
import { dropDraft } from "@/lib/drafts/drop-draft";
import { conversationScopeSql, departmentScope, repliesClaimConversations } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { assertPublicHost } from "@/lib/imports/safe-fetch";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";
import { announceMessage } from "./announce-message";
import { deliverMessage } from "./deliver-message";
import { loadMessage } from "./load-message";
import { openConversation, touchConversation } from "./open-conversation";
import { quietUntil } from "./quiet-hours";
import { fillTemplate, TEMPLATE_PLACEHOLDERS, unfilledFields } from "./render-template";
import type { SendMessageInput } from "./schemas";
import { countSegments, MAX_MESSAGE_CHARACTERS } from "./segments";
import { smsOptOut } from "./sms-consent";
import { runSql } from "@/lib/db/run-sql";
import { fillTemplateVariables, templateVariables, whatsappWindow, type WhatsappTemplate } from "@/lib/messages/whatsapp/whatsapp-schemas";

/**
 * Sends a text to a contact or a number. Refused before anything is stored
 * when the number opted out of texts (STOP), the contact opted out of contact
 * or is tagged DNC (409), or the input is wrong (422). Stored, then handed to
 * the provider: accepted is `queued` (201); refused is kept as `failed` with
 * the provider's code and answered 502. A campaign's text during the
 * recipient's quiet hours is `held` and sent when they end; an agent's reply
 * goes at any hour.
 */
export async function sendMessage({ actor, input }: { actor: SessionUser; input: SendMessageInput }) {
  const organizationId = actor.organization_id;
  await checkMediaAddresses(input.media_urls ?? []);
  const { phone, contact } = await recipient(actor, input);
  const [{ callerId, phoneNumbers }, settings] = await Promise.all([telephony().numbers(organizationId), getSettings(organizationId, "sms")]);
  const whatsapp = input.channel === "whatsapp";
  if (whatsapp && !settings.whatsapp.sender) throw AppError.conflict("WhatsApp is not set up: an admin sets the WhatsApp sender in Settings → Telephony.");
  const template = input.content_sid === undefined ? null : whatsappTemplate(settings.whatsapp.templates, input.content_sid, input.content_variables ?? {});
  const body = template ? template.body : await messageBody(organizationId, input, contact);
  if ([...body].length > MAX_MESSAGE_CHARACTERS) throw AppError.validation({ body: [`The message may not be longer than ${MAX_MESSAGE_CHARACTERS} characters.`] });
  if (!body.trim() && !input.media_urls?.length) throw AppError.validation({ body: ["The message is empty: write something or attach media."] });
  await refuseWithoutConsent(organizationId, phone, contact, input.channel);
  if (input.campaign_id !== undefined) await campaignInScope(actor, input.campaign_id);

  // Texting numbers the organization no longer holds are passed over: a number given up may be another organization's now.
  const own = new Set([...phoneNumbers, ...(callerId ? [callerId] : [])]);
  const texting = settings.sms_numbers.filter((n) => own.has(n));
  const numbers = whatsapp ? [settings.whatsapp.sender!] : texting.length ? texting : phoneNumbers.length ? phoneNumbers : callerId ? [callerId] : [];
  if (!numbers.length) throw AppError.conflict("The organization has no number to text from: add one in Settings → Telephony.");
  const heldUntil = input.campaign_id === undefined ? null : quietUntil(phone, settings.quiet_hours, settings.time_zone, new Date());
  const { encoding, segments } = countSegments(body);
  const media = (input.media_urls ?? []).map((url) => ({ url, content_type: null }));

  const { messageId, conversationId } = await prisma.$transaction(async (tx) => {
    const conversation = await openConversation(tx, { organizationId, channel: input.channel, phone, ourNumber: null, reopen: false, departmentId: actor.department_id ?? null });
    const [reachable] = await runSql(tx).rows<{ id: bigint }>(
      Prisma.sql`SELECT c.id FROM conversations c WHERE ${Prisma.join([Prisma.sql`c.id = ${conversation.id}`, ...conversationScopeSql(actor, "c")], " AND ")}`,
    );
    if (!reachable) throw AppError.validation({ [input.contact_id === undefined ? "to" : "contact_id"]: ["This number's conversation is handled by someone else."] });
    if (whatsapp && !template) refuseOutsideWindow(conversation.last_inbound_at);
    const from = conversation.our_number && numbers.includes(conversation.our_number) ? conversation.our_number : numbers[0];
    const [row] = await runSql(tx).rows<{ id: bigint }>`
      INSERT INTO messages (organization_id, conversation_id, direction, body, media, status, user_id, from_number, to_number, encoding, segments, origin, send_after, content_sid, content_variables)
      VALUES (${organizationId}, ${conversation.id}, 'outbound', ${body}, ${JSON.stringify(media)}::jsonb, ${heldUntil ? "held" : "queued"}, ${actor.id}, ${from}, ${phone},
              ${encoding}, ${segments}, ${input.campaign_id === undefined ? "agent" : "campaign"}, ${heldUntil}, ${template?.contentSid ?? null},
                ${template ? JSON.stringify(template.variables) : null}::jsonb)
      RETURNING id`;
    await touchConversation(tx, conversation.id, row.id);
    await dropDraft(tx, { userId: actor.id, kind: "reply", ref: String(conversation.id) });
    if (repliesClaimConversations(actor)) await runSql(tx).count`UPDATE conversations SET assigned_user_id = ${actor.id} WHERE id = ${conversation.id} AND assigned_user_id IS NULL`;
    return { messageId: row.id, conversationId: conversation.id };
  });

  if (heldUntil) {
    await enqueueJob(QUEUES.messageRelease, { organization_id: organizationId, message_id: String(messageId) }, undefined, Math.ceil((heldUntil.getTime() - Date.now()) / 1000));
    await announceMessage("message.status", conversationId, { id: messageId, status: "held" });
    return sentMessage(organizationId, messageId);
  }
  const answer = await deliverMessage(organizationId, messageId);
  const message = await sentMessage(organizationId, messageId);
  if (!answer.accepted) throw AppError.upstream(`The provider refused the message: ${answer.reason}`, { error_code: answer.code, data: message });
  return message;
}

/** The message just written; gone only if it was deleted meanwhile (an erasure of the contact). */
async function sentMessage(organizationId: number, id: bigint) {
  const message = await loadMessage(organizationId, id);
  if (!message) throw AppError.notFound();
  return message;
}

/** Media the provider will fetch: https on a public address only (the same guard as spreadsheet links). */
async function checkMediaAddresses(urls: string[]) {
  const errors: Record<string, string[]> = {};
  await Promise.all(
    urls.map(async (url, i) => {
      try {
        await assertPublicHost(new URL(url).hostname.replace(/^\[|\]$/g, ""));
      } catch {
        errors[`media_urls.${i}`] = ["must point at a public address."];
      }
    }),
  );
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

interface Recipient {
  phone: string;
  contact: { id: bigint; name: string; phone: string; email: string | null; company: string | null; custom_fields: Record<string, unknown>; tags: string[]; opted_out_at: Date | null } | null;
}

const CONTACT_FIELDS = { id: true, name: true, phone: true, email: true, company: true, custom_fields: true, tags: true, opted_out_at: true } as const;

/** The contact named (in the caller's reach, else 422), or the number with the organization's contact of that number. */
async function recipient(actor: SessionUser, input: SendMessageInput): Promise<Recipient> {
  if (input.contact_id !== undefined) {
    const contact = await prisma.contact.findFirst({ where: { id: BigInt(input.contact_id), ...departmentScope(actor), organization_id: actor.organization_id }, select: CONTACT_FIELDS });
    if (!contact) throw AppError.validation({ contact_id: ["The selected contact is invalid."] });
    return { phone: contact.phone, contact: contact as Recipient["contact"] };
  }
  const phone = input.to!;
  const contact = await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: actor.organization_id, phone } }, select: CONTACT_FIELDS });
  return { phone, contact: contact as Recipient["contact"] };
}

/**
 * The text to send: the body as written, or the saved reply filled from the
 * contact. Never a blank where a field should be (issue 45): a saved reply
 * naming a field this contact has no value for, or a body still holding a
 * field's placeholder (a gap the composer showed), is refused with 422
 * naming the fields.
 */
async function messageBody(organizationId: number, input: SendMessageInput, contact: Parameters<typeof fillTemplate>[1]): Promise<string> {
  const fields = (await prisma.customFieldDefinition.findMany({ where: { organization_id: organizationId }, select: { name: true } })).map((f) => f.name);
  if (input.template_id === undefined) {
    const known = new Set<string>([...TEMPLATE_PLACEHOLDERS, ...fields.map((f) => f.toLowerCase())]);
    const gaps = unfilledFields(input.body ?? "").filter((field) => known.has(field));
    if (gaps.length)
      throw AppError.validation({
        body: [`Fill in or remove ${gaps.map((g) => `{{${g}}}`).join(", ")} before sending.`],
        ...Object.fromEntries(gaps.map((g) => [`fields.${g}`, ["is not filled in."]])),
      });
    return input.body ?? "";
  }
  const filled = fillTemplate(await templateBody(organizationId, input.template_id), contact, fields);
  if (filled.missing.length) {
    throw AppError.validation({
      template_id: [`This saved reply needs ${filled.missing.join(", ")}, which this contact does not have: fill them in on the contact, or write the text yourself.`],
      ...Object.fromEntries(filled.missing.map((field) => [`fields.${field}`, ["has no value for this contact."]])),
    });
  }
  return filled.text;
}

async function templateBody(organizationId: number, id: number): Promise<string> {
  const template = await prisma.messageTemplate.findFirst({ where: { id, organization_id: organizationId }, select: { body: true } });
  if (!template) throw AppError.validation({ template_id: ["The selected template is invalid."] });
  return template.body;
}

/**
 * A WhatsApp content template the organization set up, with every variable
 * its text names given (422 naming the missing ones): what the provider sends,
 * and its text as the thread shows it.
 */
function whatsappTemplate(templates: WhatsappTemplate[], contentSid: string, variables: Record<string, string>) {
  const template = templates.find((t) => t.content_sid.toLowerCase() === contentSid.toLowerCase());
  if (!template) throw AppError.validation({ content_sid: ["This template is not one of the organization's WhatsApp templates (Settings → Telephony)."] });
  const named = templateVariables(template.body);
  const missing = named.filter((n) => !variables[n]?.trim());
  if (missing.length)
    throw AppError.validation(Object.fromEntries(missing.map((n) => [`content_variables.${n}`, [`Fill in {{${n}}}.`]])), `Fill in ${missing.map((n) => `{{${n}}}`).join(", ")} before sending.`);
  const given = Object.fromEntries(named.map((n) => [n, variables[n].trim()]));
  return { contentSid: template.content_sid, variables: given, body: fillTemplateVariables(template.body, given) };
}

/** WhatsApp takes free-form messages for 24 hours after the person's last message; after that, only approved templates (422). */
function refuseOutsideWindow(lastInboundAt: Date | null) {
  if (whatsappWindow(lastInboundAt).open) return;
  const why = lastInboundAt ? "more than 24 hours have passed since the person last wrote" : "the person has not written on WhatsApp yet";
  throw AppError.validation({ body: [`WhatsApp allows only approved templates now: ${why}. Pick a template (content_sid).`] }, "Outside WhatsApp's 24-hour window: send an approved template.");
}

/** STOP on the channel, the contact's opt-out of contact and the DNC tag all keep messages away (409 naming the reason). */
async function refuseWithoutConsent(organizationId: number, phone: string, contact: Recipient["contact"], channel: "sms" | "whatsapp") {
  const optOut = await smsOptOut(prisma, organizationId, phone, channel);
  if (optOut) {
    throw AppError.conflict(
      `${phone} opted out of ${channel === "whatsapp" ? "WhatsApp messages" : "text messages"} (replied ${optOut.keyword.toUpperCase()} on ${optOut.opted_out_at.toISOString().slice(0, 10)}).`,
      {
        extra: { reason: "sms_opt_out", opted_out_at: optOut.opted_out_at.toISOString(), evidence_message_id: optOut.message_id === null ? null : Number(optOut.message_id) },
      },
    );
  }
  if (contact?.opted_out_at) throw AppError.conflict("This contact opted out of being contacted.", { extra: { reason: "opted_out", opted_out_at: contact.opted_out_at.toISOString() } });
  if (contact?.tags.some((tag) => tag.trim().toLowerCase() === "dnc")) throw AppError.conflict("This contact is tagged DNC (do not contact).", { extra: { reason: "dnc" } });
}

async function campaignInScope(actor: SessionUser, campaignId: number) {
  const campaign = await prisma.campaign.findFirst({ where: { id: campaignId, ...departmentScope(actor), organization_id: actor.organization_id }, select: { id: true } });
  if (!campaign) throw AppError.validation({ campaign_id: ["The selected campaign is invalid."] });
}
