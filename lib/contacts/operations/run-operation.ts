import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { rowsPerTransaction } from "@/lib/db/long-work";
import { logger } from "@/lib/logger";
import { userSelect } from "@/lib/users/serialize-user";
import { announceOperation } from "./announce-operation";
import type { OperationKind, OperationRow, StepOperationKind } from "./operation-kind";
import { runSql } from "@/lib/db/run-sql";

/** Contacts changed per transaction: short locks, a progress step every fraction of a second (fewer on the embedded database: lib/db/long-work.ts). */
const BATCH = 2_000;

/** The operation's owner as the domain functions take an actor (the scope they started it with). */
async function ownerOf(userId: number): Promise<SessionUser | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: userSelect });
  return user && { ...user, token_id: 0, queue_department_ids: [] };
}

/**
 * Works an operation to its end: the contacts its kind selects, in id order,
 * a batch per transaction that also records how far it got (cursor, done,
 * changed), so a job taken over by another worker resumes after the last
 * committed batch. Then the kind's last step, and the result. `kinds`: every
 * kind by the name its row stores (start-up's lib/server/operation-kinds.ts).
 */
export async function runOperation(id: string, kinds: Record<string, OperationKind<never> | StepOperationKind<never>>): Promise<void> {
  const operation = await prisma.operation.findUnique({ where: { id } });
  if (!operation || operation.status === "completed" || operation.status === "failed") return;
  const kind = kinds[operation.kind] as OperationKind<unknown> | StepOperationKind<unknown> | undefined;
  const actor = await ownerOf(operation.user_id);
  try {
    if (!kind) throw new Error(`Unknown operation kind ${operation.kind}.`);
    if (!actor) throw new Error("The user who started it no longer exists.");
    await prisma.operation.update({ where: { id }, data: { status: "running", started_at: operation.started_at ?? new Date() } });
    await announceOperation(id, { final: true });
    if ("run" in kind) await runSteps(operation, kind, actor);
    else await walkContacts(operation, kind, actor);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error("operation failed", { id, kind: operation.kind, error: message });
    await prisma.operation.update({ where: { id }, data: { status: "failed", error: message, finished_at: new Date() } });
  }
  await announceOperation(id, { final: true });
}

type StoredOperation = OperationRow & { total: number; done: number; cursor: bigint };

/** A kind of a few steps: they report how far they got; their result ends it. */
async function runSteps(operation: StoredOperation, kind: StepOperationKind<unknown>, actor: SessionUser): Promise<void> {
  const { id } = operation;
  const result = await kind.run(operation, actor, async (done, total) => {
    const progress = Math.min(99, Math.round((done / Math.max(total, done, 1)) * 100));
    await prisma.operation.update({ where: { id }, data: { done, total, progress } });
    await announceOperation(id);
  });
  await prisma.operation.update({ where: { id }, data: { status: "completed", progress: 100, result: result as object, finished_at: new Date() } });
}

/** A kind over contacts: a batch per transaction, then its last step. */
async function walkContacts(operation: StoredOperation, kind: OperationKind<unknown>, actor: SessionUser): Promise<void> {
  const { id } = operation;
  let { cursor, done, changed } = operation;
  const selects = kind.selects(actor, operation.input);
  const batchRows = rowsPerTransaction(BATCH);
  for (;;) {
    const batch = await runSql(prisma).rows<{ id: bigint }>`SELECT c.id FROM contacts c WHERE ${selects} AND c.id > ${cursor} ORDER BY c.id LIMIT ${batchRows}`;
    if (batch.length === 0) break;
    const ids = batch.map((row) => row.id);
    await prisma.$transaction(
      async (tx) => {
        const n = await kind.apply(tx, ids, operation.input, actor);
        cursor = ids[ids.length - 1];
        done += ids.length;
        changed += n;
        const progress = Math.min(99, Math.round((done / Math.max(operation.total, done, 1)) * 100));
        await tx.operation.update({ where: { id }, data: { cursor, done, changed, progress } });
      },
      { timeout: 60_000 },
    );
    await announceOperation(id);
  }
  const result = await prisma.$transaction((tx) => kind.finish(tx, { ...operation, changed }, actor), { timeout: 60_000 });
  await prisma.operation.update({ where: { id }, data: { status: "completed", progress: 100, total: Math.max(operation.total, done), result: result as object, finished_at: new Date() } });
}
