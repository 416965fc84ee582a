import "server-only";
import type { Tx } from "@/lib/db/client";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { issueRecoveryCodes } from "./recovery-codes";

/**
 * The authenticator being set up gave its first right code (checked by the
 * caller): it counts from now, and the user gets their recovery codes, shown
 * this once.
 */
export async function confirmTotp(db: Tx, user: { id: number; organization_id: number; department_id: number | null }, details: Record<string, unknown>): Promise<string[]> {
  await db.userFactor.updateMany({ where: { user_id: user.id, kind: "totp", confirmed_at: null }, data: { confirmed_at: new Date() } });
  const codes = await issueRecoveryCodes(db, user.id);
  await writeAuditLog(db, {
    organization_id: user.organization_id,
    department_id: user.department_id,
    user_id: user.id,
    action: "user.two_factor_enabled",
    subject_type: "user",
    subject_id: user.id,
    details: { factor: "totp", ...details },
  });
  return codes;
}
