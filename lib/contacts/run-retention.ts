import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { getSettings } from "@/lib/settings/get-settings";
import { ACTIVE_CAMPAIGN_STATUSES } from "./delete-contact";

/**
 * The retention policy of one organization: contacts without call activity
 * (last call, or creation when never called) for `inactive_contact_days` are
 * deleted permanently; their call logs stay, unlinked. Opted-out contacts are
 * kept (they must stay known so campaigns keep excluding them), and so are
 * contacts in an active campaign. Returns what was removed.
 */
export async function runRetention({ organizationId, userId }: { organizationId: number; userId: number | null }) {
  const settings = await getSettings(organizationId, "retention");
  if (!settings.inactive_contact_days) return { enabled: false, removed: 0, contacts: [] };
  const days = settings.inactive_contact_days;
  return prisma.$transaction(async (tx) => {
    const removed = await tx.$queryRaw<{ id: bigint; name: string; phone: string }[]>`
      DELETE FROM contacts c
      WHERE c.organization_id = ${organizationId}
        AND COALESCE(c.last_called_at, c.created_at) < now() - make_interval(days => ${days})
        AND c.opted_out_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM campaign_contacts cc JOIN campaigns k ON k.id = cc.campaign_id
          WHERE cc.contact_id = c.id AND k.status = ANY(${ACTIVE_CAMPAIGN_STATUSES}::text[]))
      RETURNING c.id, c.name, c.phone`;
    const contacts = removed.map((row) => ({ id: Number(row.id), name: row.name, phone: row.phone }));
    await writeAuditLog(tx, {
      organization_id: organizationId,
      user_id: userId,
      action: "retention.run",
      subject_type: "organization",
      subject_id: organizationId,
      details: { inactive_contact_days: days, removed: contacts.length, contacts: contacts.slice(0, 1000) },
    });
    return { enabled: true, inactive_contact_days: days, removed: contacts.length, contacts };
  }, { timeout: 120_000 });
}
