import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { lockContacts } from "./lock-contacts";
import type { MergeSnapshot } from "./merge-snapshot";
import { recomputeCallSummary } from "./recompute-call-summary";
import { oneOf } from "@/lib/http/answer-schemas";
import { runSql } from "@/lib/db/run-sql";

export const UNDO_DAYS = 30;

/** Columns a row can be written back with (generated ones are computed again). */
async function writableColumns(tx: Tx, table: "contacts" | "campaign_contacts"): Promise<string> {
  const rows = await runSql(tx).rows<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`;
  return rows.map((r) => `"${r.column_name}"`).join(", ");
}

/**
 * Undoes a merge (POST /api/contacts/merges/{id}/undo), within 30 days: the
 * removed contacts come back exactly as they were stored (same ids, tags,
 * notes, custom fields), their call logs, queue entries and campaign contacts
 * point at them again, and the kept contact gets back the values it had
 * before. Refused (409) once undone, after 30 days, when the kept contact is
 * gone, or when a removed contact's phone now belongs to someone else.
 */
export async function undoMerge({ actor, id }: { actor: SessionUser; id: bigint }) {
  return prisma.$transaction(async (tx) => {
    const merge = await tx.contactMerge.findFirst({ where: { id, ...departmentScope(actor) } });
    if (!merge) throw AppError.notFound();
    await runSql(tx).rows`SELECT id FROM contact_merges WHERE id = ${id} FOR UPDATE`;
    const current = await tx.contactMerge.findUniqueOrThrow({ where: { id }, select: { undone_at: true } });
    if (current.undone_at) throw AppError.conflict("This merge has already been undone.");
    if (Date.now() - merge.created_at.getTime() > UNDO_DAYS * 86_400_000) throw AppError.conflict(`A merge can be undone for ${UNDO_DAYS} days; this one is older.`);
    const snapshot = merge.snapshot as unknown as MergeSnapshot;

    await lockContacts(tx, [merge.primary_id]);
    const primary = await tx.contact.findFirst({ where: { id: merge.primary_id, organization_id: merge.organization_id }, select: { id: true } });
    if (!primary) throw AppError.conflict("The contact this merge kept has been deleted since; restore it first.");
    const phones = snapshot.removed.map((row) => String(row.phone));
    const taken = await tx.contact.findMany({ where: { organization_id: merge.organization_id, phone: { in: phones } }, select: { phone: true, name: true } });
    if (taken.length) throw AppError.conflict(`These phone numbers belong to other contacts now: ${taken.map((c) => `${c.phone} (${c.name})`).join(", ")}.`);

    const contactColumns = await writableColumns(tx, "contacts");
    await runSql(tx).count(`INSERT INTO contacts (${contactColumns}) SELECT ${contactColumns} FROM jsonb_populate_recordset(NULL::contacts, $1::jsonb)`, [JSON.stringify(snapshot.removed)]);
    // The kept contact's own values from before the merge; its call summary from its calls.
    await runSql(tx).count`
      UPDATE contacts c SET email = p.email, company = p.company, tags = p.tags, notes = p.notes, custom_fields = p.custom_fields, updated_at = now()
      FROM jsonb_populate_record(NULL::contacts, ${JSON.stringify(snapshot.primary)}::jsonb) p WHERE c.id = ${merge.primary_id}`;
    for (const [contactId, ids] of Object.entries(snapshot.call_logs)) {
      await runSql(tx).count`UPDATE call_logs SET contact_id = ${BigInt(contactId)} WHERE id = ANY(${ids.map(BigInt)}::bigint[]) AND organization_id = ${merge.organization_id}`;
    }
    for (const [contactId, ids] of Object.entries(snapshot.queue_entries)) {
      await runSql(tx).count`UPDATE queue_entries SET contact_id = ${BigInt(contactId)} WHERE id = ANY(${ids.map(BigInt)}::bigint[]) AND organization_id = ${merge.organization_id}`;
    }
    if (snapshot.campaign_contacts.length) {
      const ccColumns = await writableColumns(tx, "campaign_contacts");
      await runSql(tx).count(`INSERT INTO campaign_contacts (${ccColumns}) SELECT ${ccColumns} FROM jsonb_populate_recordset(NULL::campaign_contacts, $1::jsonb) ON CONFLICT DO NOTHING`, [
        JSON.stringify(snapshot.campaign_contacts),
      ]);
    }
    await recomputeCallSummary(tx, merge.primary_id);
    await tx.contactMerge.update({ where: { id }, data: { undone_at: new Date(), undone_by_user_id: actor.id } });
    const restoredIds = snapshot.removed.map((row) => Number(row.id));
    await writeAuditLog(tx, {
      organization_id: merge.organization_id,
      department_id: merge.department_id,
      user_id: actor.id,
      action: "contact.merge_undo",
      subject_type: "contact",
      subject_id: merge.primary_id,
      details: { merge_id: Number(merge.id), primary_id: Number(merge.primary_id), restored_ids: restoredIds },
    });
    return { merge_id: Number(merge.id), primary_id: Number(merge.primary_id), restored_ids: restoredIds };
  });
}

/** Recent merges in the caller's scope, newest first, with whether each can still be undone. */
export async function listMerges({ actor }: { actor: SessionUser }) {
  const rows = await prisma.contactMerge.findMany({
    where: { ...departmentScope(actor), created_at: { gte: new Date(Date.now() - UNDO_DAYS * 86_400_000) } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 50,
    select: { id: true, primary_id: true, mode: true, created_at: true, undone_at: true, snapshot: true, user_id: true },
  });
  return {
    data: rows.map((row) => {
      const snapshot = row.snapshot as unknown as MergeSnapshot;
      return {
        id: Number(row.id),
        primary: { id: Number(row.primary_id), name: String(snapshot.primary.name) },
        removed: snapshot.removed.map((r) => ({ id: Number(r.id), name: String(r.name), phone: String(r.phone) })),
        mode: oneOf(["manual", "automatic"] as const, row.mode, "manual"),
        merged_by_user_id: row.user_id,
        created_at: row.created_at,
        undone_at: row.undone_at,
        undo_until: new Date(row.created_at.getTime() + UNDO_DAYS * 86_400_000),
      };
    }),
  };
}
