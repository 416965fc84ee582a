import "server-only";
import type { Tx } from "@/lib/db/client";
import { openSecrets } from "@/lib/crypto/secret-box";
import { checkTotp } from "./totp";
import { spendRecoveryCode } from "./recovery-codes";

export type CodeMethod = "totp" | "recovery_code";

export const WRONG_CODE = "That code is not right. Codes change every 30 seconds: enter the one your app shows now, or a recovery code.";

/**
 * A code the user typed, against their authenticator (confirmed, or the one
 * being set up when `setup`) or, six digits aside, their recovery codes. A
 * right code is spent as it is checked: its time step is kept (one statement
 * that refuses a step at or before the last, so the same code given twice at
 * once succeeds once), a recovery code marked used. Null: not a right code.
 */
export async function checkCode(db: Tx, userId: number, code: string, { setup = false }: { setup?: boolean } = {}): Promise<CodeMethod | null> {
  const digits = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) {
    const factor = await db.userFactor.findFirst({
      where: { user_id: userId, kind: "totp", confirmed_at: setup ? null : { not: null } },
      select: { id: true, secret_sealed: true, last_time_step: true },
    });
    if (!factor) return null;
    const step = await checkTotp(openSecrets(factor.secret_sealed).secret, digits, factor.last_time_step === null ? null : Number(factor.last_time_step));
    if (step === null) return null;
    const kept = await db.userFactor.updateMany({
      where: { id: factor.id, OR: [{ last_time_step: null }, { last_time_step: { lt: step } }] },
      data: { last_time_step: step, last_used_at: new Date() },
    });
    return kept.count === 1 ? "totp" : null;
  }
  if (setup) return null;
  return (await spendRecoveryCode(db, userId, code)) ? "recovery_code" : null;
}
