import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "./port";

// A phone number belongs to one organization (issue 40). The telephony
// settings' numbers and caller ID, and the WhatsApp sender (issue 59), are
// claimed in owned_numbers by a trigger on every write of those settings, its
// primary key refusing a number another organization holds
// (prisma/migrations/20261201090000_owned_numbers, 20270106090000_…). The
// helpers here turn that into answers: who holds which number, and the 409
// that names the numbers taken.

/** Of these numbers, those another organization holds. */
export async function numbersHeldByOthers(organizationId: number, numbers: string[]): Promise<string[]> {
  if (!numbers.length) return [];
  const rows = await runSql().rows<{ phone_number: string }>(`SELECT phone_number FROM owned_numbers WHERE phone_number = ANY($1::text[]) AND organization_id <> $2 ORDER BY phone_number`, [
    numbers,
    organizationId,
  ]);
  return rows.map((row) => row.phone_number);
}

/**
 * The numbers an organization holds as its telephony numbers and caller ID:
 * the ones it calls and texts from. Its WhatsApp sender is held too (no one
 * else may have it) but is none of these unless its telephony settings name it.
 */
export async function heldNumbers(organizationId: number): Promise<string[]> {
  const rows = await runSql().rows<{ phone_number: string }>(
    `SELECT o.phone_number FROM owned_numbers o
     WHERE o.organization_id = $1
       AND o.phone_number IN (SELECT telephony_numbers(s.value) FROM settings s WHERE s.organization_id = $1 AND s.key = 'telephony')
     ORDER BY o.phone_number`,
    [organizationId],
  );
  return rows.map((row) => row.phone_number);
}

/**
 * The numbers the organization may call and text from: those it holds, and the
 * caller ID it uses (the environment's when it has none of its own: the
 * deployment's number, which no organization holds).
 */
export async function organizationNumbers(organizationId: number): Promise<Set<string>> {
  const [held, { callerId }] = await Promise.all([heldNumbers(organizationId), telephony().numbers(organizationId)]);
  return new Set([...held, ...(callerId ? [callerId] : [])]);
}

/** 409 naming, under the field that carried them, the numbers another organization holds. */
export function numbersTakenError(taken: { field: string; number: string }[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const { field, number } of taken) (errors[field] ??= []).push(`${number} is another organization's number.`);
  const list = taken.map((t) => t.number).join(", ");
  return AppError.conflict(`${list} ${taken.length === 1 ? "is" : "are"} already another organization's number${taken.length === 1 ? "" : "s"}; nothing was saved.`, { errors });
}

/** Throws the 409 when another organization holds any of these (field → numbers). */
export async function refuseNumbersHeldByOthers(organizationId: number, byField: Record<string, string[]>): Promise<void> {
  const taken = new Set(await numbersHeldByOthers(organizationId, Object.values(byField).flat()));
  if (!taken.size) return;
  throw numbersTakenError(Object.entries(byField).flatMap(([field, numbers]) => [...new Set(numbers)].filter((n) => taken.has(n)).map((number) => ({ field, number }))));
}

/**
 * Texting numbers (Settings → SMS) are chosen among the organization's own:
 * 409 for another organization's, 422 for one it does not hold. Sending
 * checks again (a number given up later no longer texts).
 */
export async function checkTextingNumbers(organizationId: number, numbers: string[]): Promise<void> {
  if (!numbers.length) return;
  await refuseNumbersHeldByOthers(organizationId, { sms_numbers: numbers });
  const own = await organizationNumbers(organizationId);
  const foreign = [...new Set(numbers)].filter((n) => !own.has(n));
  if (foreign.length) throw AppError.validation({ sms_numbers: foreign.map((n) => `${n} is not one of the organization's numbers (Settings → Telephony).`) });
}
