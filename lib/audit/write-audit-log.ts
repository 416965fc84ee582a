import "server-only";
import type { Tx } from "@/lib/db/client";

export interface AuditEntry {
  organization_id: number | null;
  /** Set when the entry concerns one department, so its manager can read it. */
  department_id?: number | null;
  user_id: number | null;
  action: string;
  subject_type?: string;
  subject_id?: string | number | bigint;
  details?: Record<string, unknown>;
}

/** Records who did what to which records; written in the same transaction as the change. */
export async function writeAuditLog(db: Tx, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      organization_id: entry.organization_id,
      department_id: entry.department_id ?? null,
      user_id: entry.user_id,
      action: entry.action,
      subject_type: entry.subject_type ?? null,
      subject_id: entry.subject_id === undefined ? null : String(entry.subject_id),
      details: JSON.parse(JSON.stringify(entry.details ?? {}, (_k, v) => (typeof v === "bigint" ? Number(v) : v))),
    },
  });
}
