import "server-only";
import type { Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";

/**
 * contact.created, contact.updated, contact.merged (issue 24), in the
 * transaction that made the change: for the pages' event stream (those who
 * may read the contact) and, through the events table, outgoing webhooks.
 * Contacts an import creates are announced together by import.completed.
 */
export async function announceContact(tx: Tx, type: "contact.created" | "contact.updated" | "contact.merged", contact: { id: bigint; organization_id: number; department_id: number | null; name: string; phone: string }, extra: Record<string, unknown> = {}): Promise<void> {
  await publishEvent({
    type,
    visibility: "department",
    record: { organization_id: contact.organization_id, department_id: contact.department_id },
    data: { contact_id: Number(contact.id), name: contact.name, phone: contact.phone, department_id: contact.department_id, ...extra },
  }, tx);
}
