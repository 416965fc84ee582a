import "server-only";
import { fieldVisibleTo } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { callLogSelect, serializeCallLog } from "@/lib/calls/serialize-call-log";
import { mayPlayCallRecordings } from "@/lib/recordings/play-call-recording";
import { recordingFactsOf } from "@/lib/calls/recording-pauses";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import { latestMessages } from "@/lib/messages/latest-messages";
import { contactSelect } from "@/lib/contacts/contact-columns";
import { findContactForAction } from "@/lib/contacts/contact-access";
import { serializeContact } from "@/lib/contacts/serialize-contact";

/**
 * The contact detail view: the contact, its call history (newest first, 50 a
 * page, with the total), its latest text messages and the custom field
 * definitions the caller may see, so a client can label and type the values.
 */
export async function getContact({ actor, id, historyPage, historyPerPage }: { actor: SessionUser; id: bigint; historyPage: number; historyPerPage: number }) {
  const access = await findContactForAction(prisma, actor, id);
  const [contact, definitions, calls, total, messages, hold] = await Promise.all([
    prisma.contact.findUniqueOrThrow({ where: { id }, select: contactSelect }),
    loadDefinitions(access.organization_id),
    prisma.callLog.findMany({
      where: { contact_id: id },
      select: callLogSelect,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (historyPage - 1) * historyPerPage,
      take: historyPerPage,
    }),
    prisma.callLog.count({ where: { contact_id: id } }),
    latestMessages(access.organization_id, id),
    prisma.contact.findUniqueOrThrow({ where: { id }, select: { legal_hold_at: true } }),
  ]);
  const [recordings, facts] = await Promise.all([
    mayPlayCallRecordings(actor),
    recordingFactsOf(
      actor.organization_id,
      calls.map((call) => call.call_sid),
    ),
  ]);
  return {
    ...serializeContact(contact, definitions, actor.role),
    call_history: calls.map((call) => serializeCallLog(call, { recordings, ...facts })),
    call_history_total: total,
    call_history_meta: { current_page: historyPage, per_page: historyPerPage, total, last_page: Math.max(1, Math.ceil(total / historyPerPage)) },
    ...messages,
    legal_hold: hold.legal_hold_at !== null,
    custom_field_definitions: definitions
      .filter((d) => !d.archived_at && fieldVisibleTo(actor.role, d.visible_to))
      .map(({ name, label, field_type, options, required }) => ({ name, label, field_type, options, required })),
  };
}
