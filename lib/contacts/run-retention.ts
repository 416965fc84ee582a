import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/settings/get-settings";
import { ACTIVE_CAMPAIGN_STATUSES } from "./delete-contact";
import { runSql } from "@/lib/db/run-sql";

/** How many removed contacts an answer (and the audit entry) names; the count is always whole. */
export const RETENTION_LISTED = 1000;

/**
 * The retention policy of one organization: contacts without call activity
 * (last call, or creation when never called) for `inactive_contact_days` are
 * deleted permanently; their call logs stay, unlinked. Contacts in an active
 * campaign are kept, and so are opted-out contacts while `keep_opted_out` is
 * on (the default): they must stay known so campaigns and imports keep
 * treating them as opted out. A dry run reports what a run would remove and
 * changes nothing, so an administrator sees the cost of a policy first.
 */
export async function runRetention({ organizationId, userId, dryRun = false }: { organizationId: number; userId: number | null; dryRun?: boolean }) {
  const settings = await getSettings(organizationId, "retention");
  if (!settings.inactive_contact_days) return { enabled: false, dry_run: dryRun, removed: 0, contacts: [], contacts_truncated: false };
  const days = settings.inactive_contact_days;
  const where = Prisma.sql`
    c.organization_id = ${organizationId}
    AND COALESCE(c.last_called_at, c.created_at) < now() - make_interval(days => ${days})
    AND (${!settings.keep_opted_out} OR c.opted_out_at IS NULL)
    AND NOT EXISTS (
      SELECT 1 FROM campaign_contacts cc JOIN campaigns k ON k.id = cc.campaign_id
      WHERE cc.contact_id = c.id AND k.status = ANY(${ACTIVE_CAMPAIGN_STATUSES}::text[]))`;
  const policy = { inactive_contact_days: days, keep_opted_out: settings.keep_opted_out };

  if (dryRun) {
    const [{ count }] = await runSql(prisma).rows<{ count: bigint }>`SELECT count(*) AS count FROM contacts c WHERE ${where}`;
    const sample = await runSql(prisma).rows<{ id: bigint; name: string; phone: string }>`
      SELECT c.id, c.name, c.phone FROM contacts c WHERE ${where} ORDER BY c.id LIMIT ${RETENTION_LISTED}`;
    return { enabled: true, dry_run: true, ...policy, removed: Number(count), ...listed(sample, Number(count)) };
  }

  return prisma.$transaction(
    async (tx) => {
      const removed = await runSql(tx).rows<{ id: bigint; name: string; phone: string }>`
      DELETE FROM contacts c WHERE ${where} RETURNING c.id, c.name, c.phone`;
      const report = { ...policy, removed: removed.length, ...listed(removed, removed.length) };
      await writeAuditLog(tx, { organization_id: organizationId, user_id: userId, action: "retention.run", subject_type: "organization", subject_id: organizationId, details: report });
      return { enabled: true, dry_run: false, ...report };
    },
    { timeout: 120_000 },
  );
}

/** The first RETENTION_LISTED contacts by id, and whether there were more. */
function listed(rows: { id: bigint; name: string; phone: string }[], total: number) {
  const contacts = rows
    .map((row) => ({ id: Number(row.id), name: row.name, phone: row.phone }))
    .sort((a, b) => a.id - b.id)
    .slice(0, RETENTION_LISTED);
  return { contacts, contacts_truncated: total > contacts.length };
}
