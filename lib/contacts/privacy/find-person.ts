import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/**
 * Everything that names one person in an organization, so their records can
 * be found where no contact id points at them: the contact's phone numbers,
 * addresses and names, with those of the contacts merged into it (a merge
 * keeps them in its snapshot), and the call sids of their calls (events and
 * webhook bodies name calls by sid).
 */
export interface Person {
  organizationId: number;
  departmentId: number;
  contactId: bigint;
  phones: string[];
  emails: string[];
  names: string[];
  callSids: string[];
}

export async function findPerson(db: Tx, organizationId: number, contactId: bigint): Promise<Person | null> {
  const contact = await db.contact.findFirst({ where: { id: contactId, organization_id: organizationId }, select: { id: true, department_id: true, name: true, phone: true, email: true } });
  if (!contact) return null;
  const merged = await runSql(db).rows<{ name: string | null; phone: string | null; email: string | null }>`
    SELECT r->>'name' AS name, r->>'phone' AS phone, r->>'email' AS email
    FROM contact_merges m, jsonb_array_elements(m.snapshot->'removed') r
    WHERE m.organization_id = ${organizationId} AND m.primary_id = ${contactId}`;
  const phones = unique([contact.phone, ...merged.map((m) => m.phone)]);
  const calls = await runSql(db).rows<{ call_sid: string }>`
    SELECT call_sid FROM call_logs WHERE organization_id = ${organizationId} AND (contact_id = ${contactId} OR phone_number = ANY(${phones}::text[]))
    UNION SELECT call_sid FROM voicemails WHERE organization_id = ${organizationId} AND (contact_id = ${contactId} OR from_number = ANY(${phones}::text[]))`;
  return {
    organizationId,
    departmentId: contact.department_id,
    contactId,
    phones,
    emails: unique([contact.email, ...merged.map((m) => m.email)]),
    names: unique([contact.name, ...merged.map((m) => m.name)]),
    callSids: calls.map((c) => c.call_sid),
  };
}

function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v && v.trim())))];
}
