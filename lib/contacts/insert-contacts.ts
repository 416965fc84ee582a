import "server-only";
import type { Tx } from "@/lib/db/client";
import { registerTags } from "@/lib/tags/register-tags";
import type { ContactRow } from "./contact-columns";
import type { PreparedContact } from "./prepare-contact";

/** A validated contact ready to store (see prepare-contact.ts). */
export type NewContact = Pick<ContactRow, "organization_id" | "department_id" | "created_by_user_id" | "name" | "phone" | "email" | "company" | "tags" | "notes"> & {
  custom_fields: Record<string, unknown>;
  opted_out_at?: Date | null;
};

/** A contact that passed prepareContact(), placed in its organization and department. */
export function toNewContact(
  contact: PreparedContact,
  owner: { organization_id: number; department_id: number; created_by_user_id: number | null },
  extraTags: string[] = [],
): NewContact {
  return {
    ...owner,
    name: contact.name!,
    phone: contact.phone!,
    email: contact.email ?? null,
    company: contact.company ?? null,
    tags: [...new Set([...(contact.tags ?? []), ...extraTags])],
    custom_fields: contact.custom_fields ?? {},
    notes: contact.notes ?? null,
    opted_out_at: contact.opted_out_at ?? null,
  };
}

const CHUNK = 5_000;

/**
 * Inserts already-validated contacts set-based: one INSERT ... SELECT FROM
 * unnest(...) per 5,000 rows, whatever the row count. A phone that already
 * exists in the organization (checked in the same statement, so concurrent
 * writers cannot slip one in) is skipped and returned with the existing id.
 * Shared by bulk create and the import pipeline.
 */
export async function insertContacts(db: Tx, contacts: NewContact[]): Promise<{ inserted: { id: bigint; phone: string; organization_id: number }[]; duplicates: Map<string, number> }> {
  const inserted: { id: bigint; phone: string; organization_id: number }[] = [];
  for (let start = 0; start < contacts.length; start += CHUNK) {
    const chunk = contacts.slice(start, start + CHUNK);
    const rows = await db.$queryRaw<{ id: bigint; phone: string; organization_id: number }[]>`
      INSERT INTO contacts (organization_id, department_id, created_by_user_id, name, phone, email, company, tags, custom_fields, notes, opted_out_at, updated_at)
      SELECT u.organization_id, u.department_id, u.created_by_user_id, u.name, u.phone, u.email, u.company,
             ARRAY(SELECT jsonb_array_elements_text(u.tags::jsonb)), u.custom_fields::jsonb, u.notes, u.opted_out_at, now()
      FROM unnest(
        ${chunk.map((c) => c.organization_id)}::int[], ${chunk.map((c) => c.department_id)}::int[],
        ${chunk.map((c) => c.created_by_user_id)}::int[], ${chunk.map((c) => c.name)}::text[],
        ${chunk.map((c) => c.phone)}::text[], ${chunk.map((c) => c.email)}::text[], ${chunk.map((c) => c.company)}::text[],
        ${chunk.map((c) => JSON.stringify(c.tags))}::text[], ${chunk.map((c) => JSON.stringify(c.custom_fields))}::text[],
        ${chunk.map((c) => c.notes)}::text[], ${chunk.map((c) => c.opted_out_at ?? null)}::timestamptz[]
      ) AS u(organization_id, department_id, created_by_user_id, name, phone, email, company, tags, custom_fields, notes, opted_out_at)
      ON CONFLICT (organization_id, phone) DO NOTHING
      RETURNING id, phone, organization_id`;
    inserted.push(...rows);
  }

  const insertedKeys = new Set(inserted.map((row) => `${row.organization_id}:${row.phone}`));
  const skipped = contacts.filter((c) => !insertedKeys.has(`${c.organization_id}:${c.phone}`));
  const duplicates = new Map<string, number>();
  for (const organizationId of new Set(skipped.map((c) => c.organization_id))) {
    const phones = skipped.filter((c) => c.organization_id === organizationId).map((c) => c.phone);
    const existing = await db.contact.findMany({ where: { organization_id: organizationId, phone: { in: phones } }, select: { id: true, phone: true } });
    for (const row of existing) duplicates.set(`${organizationId}:${row.phone}`, Number(row.id));
  }
  for (const organizationId of new Set(contacts.map((c) => c.organization_id))) {
    await registerTags(db, organizationId, contacts.filter((c) => c.organization_id === organizationId).flatMap((c) => c.tags));
  }
  return { inserted, duplicates };
}
