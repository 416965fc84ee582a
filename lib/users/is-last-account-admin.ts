import "server-only";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";

/**
 * Is `userId` the organization's last active account admin? Without one
 * nobody there can manage its people, settings or keys again (only a super
 * admin could). The organization's active account admins are locked (FOR
 * UPDATE) for the rest of the caller's transaction: of two requests that each
 * take one of the last two away at once, the second waits for the first,
 * reads again and finds only its own.
 */
export async function isLastAccountAdmin(tx: Tx, organizationId: number, userId: number): Promise<boolean> {
  const admins = await runSql(tx).rows<{ id: number }>`
    SELECT id FROM users
    WHERE organization_id = ${organizationId} AND role = 'account_admin' AND active AND scim_deleted_at IS NULL
    FOR UPDATE`;
  return admins.length === 1 && admins[0].id === userId;
}
