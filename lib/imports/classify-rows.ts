import "server-only";
import type { Role } from "@/lib/generated/prisma/enums";
import type { FieldDefinition } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import { prepareContact } from "@/lib/contacts/prepare-contact";
import { contactInputSchema } from "@/lib/contacts/schemas";
import type { Tx } from "@/lib/db/client";
import { fieldErrors, unstorableTextErrors, replaceUnstorableText } from "@/lib/http/validation";
import { rowToInput, type ColumnMapping } from "./column-mapping";
import { runSql } from "@/lib/db/run-sql";

export interface ClassifiedRow {
  row_number: number;
  status: "valid" | "duplicate" | "invalid";
  contact: object | null;
  errors: Record<string, string[]> | null;
  duplicate_id: number | null;
}

export interface ClassifyContext {
  organizationId: number;
  definitions: FieldDefinition[];
  role: Role;
  defaultCountry: string;
  formatPhones: boolean;
  mapping: ColumnMapping;
  /** The one department whose contacts the importer may edit (a manager's); null: every department (admins). */
  editableDepartmentId: number | null;
  /** Phones seen earlier in this file → their row number. */
  seen: Map<string, number>;
}

/**
 * Classifies a batch of CSV records before anything is written: invalid
 * (missing name or phone, bad E.164, too long, bad custom field value),
 * duplicate (the phone exists in the organization, or repeats an earlier row
 * of the file) or valid. Only a contact the importer may edit is named as the
 * row's duplicate (and so updated when asked). One query per batch looks up existing phones.
 */
export async function classifyRows(db: Tx, ctx: ClassifyContext, records: { rowNumber: number; cells: string[]; problem?: string | null }[]): Promise<ClassifiedRow[]> {
  const prepared = records.map(({ rowNumber, cells, problem }) => {
    const raw = rowToInput(cells, ctx.mapping);
    // A record past the bounds (record-bounds.ts) is invalid, its values kept clipped.
    if (problem) return { rowNumber, raw: replaceUnstorableText(raw), errors: { row: [problem] } };
    // PostgreSQL cannot store a NUL: the row is invalid, kept readable for the rejected-rows download.
    const unstorable = unstorableTextErrors(raw);
    if (unstorable) return { rowNumber, raw: replaceUnstorableText(raw), errors: unstorable };
    const parsed = contactInputSchema.safeParse({ ...raw, format_phone: ctx.formatPhones });
    if (!parsed.success) return { rowNumber, raw, errors: fieldErrors(parsed.error) };
    const { contact, errors } = prepareContact({ input: parsed.data, definitions: ctx.definitions, role: ctx.role, defaultCountry: ctx.defaultCountry, creating: true });
    return Object.keys(errors).length ? { rowNumber, raw, errors } : { rowNumber, contact };
  });
  const phones = prepared.flatMap((p) => ("contact" in p && p.contact?.phone ? [p.contact.phone] : []));
  // One array parameter rather than a bind parameter per phone.
  const existing = phones.length
    ? await runSql(db).rows<{
        id: bigint;
        phone: string;
        department_id: number;
      }>`SELECT id, phone, department_id FROM contacts WHERE organization_id = ${ctx.organizationId}::int AND phone = ANY(${phones}::text[])`
    : [];
  const existingByPhone = new Map(existing.map((c) => [c.phone, c]));

  return prepared.map((p): ClassifiedRow => {
    // An invalid row keeps the values it was read with, so the rejected rows can be downloaded and fixed.
    if (!("contact" in p) || !p.contact) return { row_number: p.rowNumber, status: "invalid", contact: "raw" in p ? p.raw : null, errors: p.errors ?? {}, duplicate_id: null };
    const phone = p.contact.phone!;
    const earlier = ctx.seen.get(phone);
    if (earlier !== undefined) {
      return { row_number: p.rowNumber, status: "duplicate", contact: p.contact, errors: { phone: [`The phone repeats row ${earlier} of this file.`] }, duplicate_id: null };
    }
    ctx.seen.set(phone, p.rowNumber);
    const existing = existingByPhone.get(phone);
    // A contact the importer may not edit is neither shown nor written over: the
    // row is reported, without pointing at it (the phone is the organization's once, so it cannot be added as new).
    if (existing && ctx.editableDepartmentId !== null && existing.department_id !== ctx.editableDepartmentId) {
      return {
        row_number: p.rowNumber,
        status: "duplicate",
        contact: p.contact,
        errors: { phone: ["A contact with this phone number exists in a department you cannot edit; the row is not imported."] },
        duplicate_id: null,
      };
    }
    if (existing) {
      return { row_number: p.rowNumber, status: "duplicate", contact: p.contact, errors: { phone: ["A contact with this phone number already exists."] }, duplicate_id: Number(existing.id) };
    }
    return { row_number: p.rowNumber, status: "valid", contact: p.contact, errors: null, duplicate_id: null };
  });
}

/** Stages classified rows set-based: one INSERT per batch. */
export async function stageRows(db: Tx, importId: string, rows: ClassifiedRow[]): Promise<void> {
  if (!rows.length) return;
  await runSql(db).count`
    INSERT INTO import_rows (import_id, row_number, status, contact, errors, duplicate_id)
    SELECT ${importId}::uuid, u.row_number, u.status, u.contact::jsonb, u.errors::jsonb, u.duplicate_id
    FROM unnest(${rows.map((r) => r.row_number)}::int[], ${rows.map((r) => r.status)}::text[],
                ${rows.map((r) => (r.contact ? JSON.stringify(r.contact) : null))}::text[],
                ${rows.map((r) => (r.errors ? JSON.stringify(r.errors) : null))}::text[],
                ${rows.map((r) => r.duplicate_id)}::bigint[]) AS u(row_number, status, contact, errors, duplicate_id)
    ON CONFLICT (import_id, row_number) DO NOTHING`;
}
