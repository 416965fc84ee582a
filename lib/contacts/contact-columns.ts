import type { Contact } from "@/lib/generated/prisma/client";

// The columns a contact is read with (never the generated search columns):
// one list, from which Prisma's select, the SQL column list and the row's type
// are drawn, so a new column is added here once (issue 62, point 3).
export const CONTACT_COLUMNS = [
  "id",
  "organization_id",
  "department_id",
  "created_by_user_id",
  "name",
  "phone",
  "email",
  "company",
  "tags",
  "custom_fields",
  "notes",
  "status",
  "archived_at",
  "opted_out_at",
  "last_called_at",
  "last_call_outcome",
  "total_calls",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof Contact)[];

/** What a contact's card shows (the softphone's lookup, a caller's card): a few columns of the list. */
export const CONTACT_CARD_COLUMNS = [
  "id",
  "name",
  "phone",
  "email",
  "company",
  "tags",
  "notes",
  "last_called_at",
  "last_call_outcome",
  "total_calls",
  "opted_out_at",
] as const satisfies readonly (typeof CONTACT_COLUMNS)[number][];

type Select<C extends readonly string[]> = { [K in C[number]]: true };
const select = <C extends readonly string[]>(columns: C) => Object.fromEntries(columns.map((c) => [c, true])) as Select<C>;
/** The columns of the contact `c` in SQL. */
const sqlColumns = (columns: readonly string[]) => columns.map((c) => `c.${c}`).join(", ");

export const contactSelect = select(CONTACT_COLUMNS);
export const CONTACT_COLUMNS_SQL = sqlColumns(CONTACT_COLUMNS);
export type ContactRow = Pick<Contact, (typeof CONTACT_COLUMNS)[number]>;

export const contactCardSelect = select(CONTACT_CARD_COLUMNS);
export const CONTACT_CARD_COLUMNS_SQL = sqlColumns(CONTACT_CARD_COLUMNS);
export type ContactCardRow = Pick<Contact, (typeof CONTACT_CARD_COLUMNS)[number]>;
