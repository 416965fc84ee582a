import "server-only";
import type { Tx } from "@/lib/db/client";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import type { EventPayload } from "@/lib/events/event-contract";

type ContactEvent = "contact.created" | "contact.updated" | "contact.merged";
import { publishEvent } from "@/lib/events/publish-event";

/**
 * contact.created, contact.updated, contact.merged (issue 24), in the
 * transaction that made the change: for the pages' event stream (those who
 * may read the contact) and, through the events table, outgoing webhooks.
 * Contacts an import creates are announced together by import.completed;
 * those a bulk create makes, each, by CONTACT_CREATED_EVENTS.
 */
export async function announceContact<T extends ContactEvent>(
  tx: Tx,
  type: T,
  contact: { id: bigint; organization_id: number; department_id: number | null; name: string; phone: string },
  extra: Omit<EventPayload<T>, keyof EventPayload<"contact.created">>,
): Promise<void> {
  await publishEvent(
    {
      type,
      record: { organization_id: contact.organization_id, department_id: contact.department_id },
      data: { contact_id: Number(contact.id), name: contact.name, phone: contact.phone, department_id: contact.department_id, ...extra } as EventPayload<T>,
    },
    tx,
  );
}

/**
 * The INSERT that writes contact.created for every row of `rows` (a CTE over
 * inserted contacts: id, organization_id, department_id, name, phone), the
 * same event announceContact() writes for one, returning EVENT_RETURNING:
 * a bulk create announces its thousands of contacts in the statement that
 * stores them, not with a query each (issue 40).
 */
export const contactCreatedEvents = (rows: string) =>
  insertEvents(
    eventRows({
      type: "contact.created",
      record: { organization_id: "organization_id", department_id: "department_id" },
      data: { contact_id: "id", name: "name", phone: "phone", department_id: "department_id" },
      from: `FROM ${rows} ORDER BY id`,
    }),
  );
