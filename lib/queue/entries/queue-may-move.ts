import "server-only";
import { processSingleton } from "@/lib/process/process-registry";

// "Something changed that could let waiting work reach an agent": a caller
// joined or left a queue, an agent became free, an offer was declined, a
// text opened a conversation that may be assigned. Who
// listens is registered at start-up (the offer engine, lib/offers), so the
// modules that change queues and agents' states need not know it: they say
// the queue may move, in the process where the change happened, after it
// committed. In the process registry: routes bundled apart share one list.

type Listener = (organizationId: number) => void;
const listeners = () => processSingleton("queue-may-move", () => new Set<Listener>());

/** The organization's queues may move now (called after the change has committed). */
export function queueMayMove(organizationId: number): void {
  for (const listener of listeners()) listener(organizationId);
}

/** Start-up: who acts when a queue may move. */
export function onQueueMayMove(listener: Listener): void {
  listeners().add(listener);
}

// A queue's rules changed (its distribution, skills, priority or overflow):
// whoever keeps a view of them (the offer engine knows which organizations
// distribute work) reads them again before the queue moves, so the change
// counts for the next caller this process sees.
type RulesListener = (organizationId: number) => Promise<unknown>;
const rulesListeners = () => processSingleton("queue-rules-changed", () => new Set<RulesListener>());

/** The organization's queue rules changed (after the change has committed): views of them are read again, then the queue may move. */
export async function queueRulesChanged(organizationId: number): Promise<void> {
  await Promise.all([...rulesListeners()].map((listener) => listener(organizationId)));
  queueMayMove(organizationId);
}

/** Start-up: who reads queue rules again when they change. */
export function onQueueRulesChanged(listener: RulesListener): void {
  rulesListeners().add(listener);
}
