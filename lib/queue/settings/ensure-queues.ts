import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/**
 * Gives every queue of an organization its row: the general one and one per
 * department. The migration made them for what existed; a department made
 * since (by the API, first-run setup, the seed or a super admin's new
 * organization) gets its row the first time its queues are read, here, in
 * one idempotent statement. A queue without a row is a pick queue with the
 * defaults, which is what the row says until someone changes it.
 */
export async function ensureQueues(organizationId: number, db: Tx = prisma): Promise<void> {
  await runSql(db).count`
    INSERT INTO queues (organization_id, department_id)
    SELECT ${organizationId}, NULL WHERE NOT EXISTS (SELECT 1 FROM queues WHERE organization_id = ${organizationId} AND department_id IS NULL)
    UNION ALL
    SELECT d.organization_id, d.id FROM departments d
     WHERE d.organization_id = ${organizationId} AND NOT EXISTS (SELECT 1 FROM queues q WHERE q.department_id = d.id)
    ON CONFLICT DO NOTHING`;
}
