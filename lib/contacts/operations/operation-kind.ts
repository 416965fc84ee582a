import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/** What a long operation is, as its row stores it. */
export interface OperationRow {
  id: string;
  organization_id: number;
  department_id: number | null;
  user_id: number;
  kind: string;
  input: Prisma.JsonValue;
  changed: number;
}

/**
 * A long operation that is a few steps rather than a walk over many contacts
 * (a person's erasure: their recordings at the provider, then one transaction
 * here). `run` reports its progress as it goes and returns the result; it may
 * be run again from the start when a worker takes the job over, so each step
 * must find its own work already done.
 */
export interface StepOperationKind<Input> {
  run(operation: OperationRow & { input: Input }, actor: SessionUser, progress: (done: number, total: number) => Promise<void>): Promise<Record<string, unknown>>;
}

/**
 * One kind of long operation over contacts. The runner (run-operation.ts)
 * walks the contacts the kind selects in id order, a batch per transaction,
 * and hands each batch of ids to `apply`; `finish` runs once, after the last.
 */
export interface OperationKind<Input> {
  /** The contacts concerned (alias c), as the operation's owner may reach them. */
  selects(actor: SessionUser, input: Input): Prisma.Sql;
  /** Changes these contacts (still matching `selects`); returns how many changed. */
  apply(tx: Tx, ids: bigint[], input: Input, actor: SessionUser): Promise<number>;
  /** The last step (tag list, audit log…); its return is the operation's result. */
  finish(tx: Tx, operation: OperationRow & { input: Input }, actor: SessionUser): Promise<Record<string, unknown>>;
}
