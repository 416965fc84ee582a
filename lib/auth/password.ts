import "server-only";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { createPasswordPool, type PasswordJob, type PasswordPool } from "./password-pool";
import { processSingleton } from "@/lib/process/process-registry";

// bcrypt (cost PASSWORD_HASH_COST, 10 unless set): maintained, pure JavaScript,
// so no native build step. It runs in the password threads (./password-pool.ts),
// never on the request thread; the hash format is bcryptjs's as before, and a
// stored hash carries its own cost, so every stored hash works whatever the setting.
// Compared against when the email is unknown, so a miss costs as much time as
// a wrong password and response times do not reveal which accounts exist: one
// per cost, made of the same cost as new hashes.
const DECOY_HASHES: Record<number, string> = {
  10: "$2b$10$CwTycUXWue0Thq9StjUM0uJ8o2hS8x8pniZ6Ex9Tz2Gq6JO1F6h2m",
};

// One pool per process, in the process registry: the server's bundles may each carry a copy of this module.
function passwordPool(): PasswordPool {
  return processSingleton("password-pool", newPasswordPool);
}

function newPasswordPool(): PasswordPool {
  const config = env();
  // One core stays with the request thread; the rest (at most four) check passwords.
  const threads = config.PASSWORD_HASH_THREADS ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  return createPasswordPool({ threads, queue: config.PASSWORD_HASH_QUEUE });
}

// The refusal is made here, not in the pool: the pool is shared by every
// bundle of the process, and an AppError of another bundle's copy of the class
// would not be recognised by this bundle's route wrapper (it answered 500).
function check(job: PasswordJob): Promise<string | boolean> {
  const answer = passwordPool().run(job);
  if (!answer) throw new AppError("unavailable", "Too many sign-ins are being checked right now; try again in a moment.", { headers: { "Retry-After": "1" } });
  return answer;
}

/** Throws AppError "unavailable" (503) when the password threads are fully booked. */
export async function hashPassword(password: string): Promise<string> {
  return (await check({ op: "hash", password, cost: env().PASSWORD_HASH_COST })) as string;
}

async function decoyHash(): Promise<string> {
  const cost = env().PASSWORD_HASH_COST;
  return (DECOY_HASHES[cost] ??= (await check({ op: "hash", password: randomBytes(24).toString("base64"), cost })) as string);
}

/** Throws AppError "unavailable" (503) when the password threads are fully booked. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  return (await check({ op: "compare", password, hash: hash ?? (await decoyHash()) })) as boolean;
}
