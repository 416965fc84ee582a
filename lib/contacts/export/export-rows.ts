import "server-only";
import { fieldVisibleTo } from "@/lib/auth/scope";
import { runSql } from "@/lib/db/run-sql";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { visibleCustomFields } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import { Prisma } from "@/lib/generated/prisma/client";
import { CONTACT_COLUMNS_SQL, type ContactRow } from "../contact-columns";
import { contactWhere, type ContactFilters } from "../contact-filters";

const BATCH = 2_000;

export interface ExportColumn {
  header: string;
  value: (contact: ContactRow, custom: Record<string, unknown>) => string;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : "");

/** The export's columns: the spec's fields plus one per custom field the caller may see, and the opt-out. */
export async function exportColumns(actor: SessionUser): Promise<{ columns: ExportColumn[]; customNames: string[] }> {
  const definitions = (await loadDefinitions(actor.organization_id)).filter((d) => !d.archived_at && fieldVisibleTo(actor.role, d.visible_to));
  const columns: ExportColumn[] = [
    { header: "Name", value: (c) => c.name },
    { header: "Phone", value: (c) => c.phone },
    { header: "Email", value: (c) => c.email ?? "" },
    { header: "Company", value: (c) => c.company ?? "" },
    { header: "Tags", value: (c) => (c.tags ?? []).join(", ") },
    ...definitions.map((d) => ({ header: d.label, value: (_c: ContactRow, custom: Record<string, unknown>) => (custom[d.name] === undefined ? "" : String(custom[d.name])) })),
    { header: "Date added", value: (c) => iso(c.created_at) },
    { header: "Last call date", value: (c) => iso(c.last_called_at) },
    { header: "Last call outcome", value: (c) => c.last_call_outcome ?? "" },
    { header: "Notes", value: (c) => c.notes ?? "" },
    // Last, beside the spec's columns; read back by an import ("Opted out" is one of its headers).
    { header: "Opted out", value: (c) => (c.opted_out_at ? "yes" : "no") },
  ];
  return { columns, customNames: definitions.map((d) => d.name) };
}

/**
 * The contacts of a list filter, in batches, oldest first: keyset pagination on
 * id, so memory stays flat however many contacts there are. The next batch is
 * read while the caller encodes this one (at most two batches in memory).
 */
export async function* exportBatches(actor: SessionUser, filters: ContactFilters): AsyncGenerator<{ contact: ContactRow; custom: Record<string, unknown> }[]> {
  const { sql: where } = contactWhere(actor, filters);
  const definitions = await loadDefinitions(actor.organization_id);
  const read = (after: string) => {
    const statement = Prisma.sql`SELECT ${Prisma.raw(CONTACT_COLUMNS_SQL)} FROM contacts c
      WHERE ${where} AND c.id > ${after}::bigint ORDER BY c.id LIMIT ${BATCH}`;
    const rows = runSql().rows<ContactRow>(statement.text, statement.values);
    rows.catch(() => undefined); // awaited below; a consumer that stops early must not leave it unhandled
    return rows;
  };
  let next: Promise<ContactRow[]> | null = read("0");
  while (next) {
    const rows: ContactRow[] = await next;
    if (rows.length === 0) return;
    next = rows.length < BATCH ? null : read(String(rows[rows.length - 1].id));
    yield rows.map((contact) => ({ contact, custom: visibleCustomFields(definitions, actor.role, contact.custom_fields) }));
  }
}
