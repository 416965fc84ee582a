import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/**
 * "Not a duplicate": every pair of these contacts is stored as different
 * people, so detection never offers them together again and automatic merging
 * leaves them apart. Audited. Contacts outside the caller's scope are 404.
 */
export async function dismissDuplicates({ actor, contactIds }: { actor: SessionUser; contactIds: number[] }) {
  const ids = contactIds.map(BigInt).sort((x, y) => (x < y ? -1 : 1));
  return prisma.$transaction(async (tx) => {
    const found = await tx.contact.findMany({ where: { id: { in: ids }, ...departmentScope(actor) }, select: { id: true, organization_id: true, department_id: true } });
    if (found.length !== ids.length || new Set(found.map((c) => c.organization_id)).size !== 1) throw AppError.notFound();
    const organizationId = found[0].organization_id;
    const pairs = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => ({ organization_id: organizationId, contact_a: a, contact_b: b, user_id: actor.id })));
    const { count } = await tx.duplicateDismissal.createMany({ data: pairs, skipDuplicates: true });
    await writeAuditLog(tx, {
      organization_id: organizationId,
      department_id: found[0].department_id,
      user_id: actor.id,
      action: "contact.duplicate_dismiss",
      subject_type: "contact",
      subject_id: ids[0],
      details: { contact_ids: ids.map(Number), pairs: pairs.length },
    });
    return { dismissed_pairs: count, contact_ids: ids.map(Number) };
  });
}
