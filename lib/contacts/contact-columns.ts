// The columns a contact is read with (never the generated search columns).
export const contactSelect = {
  id: true,
  organization_id: true,
  department_id: true,
  created_by_user_id: true,
  name: true,
  phone: true,
  email: true,
  company: true,
  tags: true,
  custom_fields: true,
  notes: true,
  status: true,
  archived_at: true,
  opted_out_at: true,
  last_called_at: true,
  last_call_outcome: true,
  total_calls: true,
  created_at: true,
  updated_at: true,
} as const;

export const CONTACT_COLUMNS_SQL = `c.id, c.organization_id, c.department_id, c.created_by_user_id, c.name, c.phone, c.email,
  c.company, c.tags, c.custom_fields, c.notes, c.status, c.archived_at, c.opted_out_at, c.last_called_at,
  c.last_call_outcome, c.total_calls, c.created_at, c.updated_at`;

export interface ContactRow {
  id: bigint;
  organization_id: number;
  department_id: number;
  created_by_user_id: number | null;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  tags: string[];
  custom_fields: unknown;
  notes: string | null;
  status: string;
  archived_at: Date | null;
  opted_out_at: Date | null;
  last_called_at: Date | null;
  last_call_outcome: string | null;
  total_calls: number;
  created_at: Date;
  updated_at: Date;
}
