import "server-only";
import type { WaitingCall } from "@/lib/queue/entries/waiting-call-answer";
import { processSingleton } from "@/lib/process/process-registry";
import { queueMayMove } from "./queue-may-move";

// The waiting calls each process keeps per organization for the queue list
// (lib/queue/list-waiting-calls.ts reads through it). Whatever writes the
// queue in this process forgets its organization's list here: the queue's own
// moves and the calls that leave it (a hang-up, a transfer, a callback).

export interface CachedList {
  /** The organization's waiting calls, oldest first. */
  calls?: WaitingCall[];
  /** Each queue view of them (every queue, or one department's and the general one), encoded once. */
  bodies: Map<string, Uint8Array>;
  /** When the read behind `calls` started: the list is at least this fresh. */
  readAt: number;
  reading?: Promise<WaitingCall[]>;
}
// In the process registry: the routes that write the queue and the one that lists it may
// be bundled apart by Next.js, each with its own copy of this module.

/** The cache: one per process. */
export function waitingCallsCache(): Map<number, CachedList> {
  return processSingleton("waiting-calls", () => new Map<number, CachedList>());
}

/**
 * Called by this process's own queue writes, so it never serves itself a
 * stale list. Every write of the queue says so here, which makes it the one
 * place that tells the offer engine a queue may move; a write that can free
 * no agent and withdraw no offer (an offer accepted, an answered call ending
 * for an agent who goes to wrap-up) says `moved: false` and spares the
 * engine a pass (at 50 calls a second, half the passes of a call).
 */
export function forgetWaitingCalls(organizationId: number, { moved = true }: { moved?: boolean } = {}): void {
  waitingCallsCache().delete(organizationId);
  if (moved) queueMayMove(organizationId);
}
