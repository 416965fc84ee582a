import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";

// Recovery codes: ten, shown once, kept as SHA-256. Each holds nearly 50 random bits,
// written as ten letters and digits in two groups ("k7q2m-x9d4p"); a typed
// code is read without case, spaces or dashes.

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read aloud or copied by hand
const COUNT = 10;

export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
export const hashRecoveryCode = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");

function newCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A fresh set for the user, replacing any they had; the codes themselves are returned once and kept nowhere. */
export async function issueRecoveryCodes(db: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newCode);
  await db.recoveryCode.deleteMany({ where: { user_id: userId } });
  await db.recoveryCode.createMany({ data: codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code) })) });
  return codes;
}

/** Spends one of the user's unused codes: true when it was one (one statement, so two sign-ins cannot both spend it). */
export async function spendRecoveryCode(db: Tx, userId: number, code: string): Promise<boolean> {
  const spent = await db.recoveryCode.updateMany({ where: { user_id: userId, code_hash: hashRecoveryCode(code), used_at: null }, data: { used_at: new Date() } });
  return spent.count === 1;
}
