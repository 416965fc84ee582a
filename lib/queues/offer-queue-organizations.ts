import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import { processSingleton } from "@/lib/process/process-registry";

// Which organizations have a queue in offer mode, known to each process
// without a query per queue change: every caller who joins or leaves a queue
// asks it, and most organizations have none. Read afresh by the offer
// engine's tick (once a second), and at once in the process that changed a
// queue's distribution; another server learns of the change by its next tick.

const known = () => processSingleton("offer-queue-organizations", () => ({ ids: new Set<number>(), readAt: 0 }));

export function hasOfferQueues(organizationId: number): boolean {
  return known().ids.has(organizationId);
}

/** Reads the set again (the tick, and a change of a queue's distribution). */
export async function refreshOfferQueueOrganizations(): Promise<Set<number>> {
  const rows = await rawQuery<{ organization_id: number }>(`SELECT DISTINCT organization_id FROM queues WHERE distribution = 'offer'`);
  const state = known();
  state.ids = new Set(rows.map((r) => r.organization_id));
  state.readAt = Date.now();
  return state.ids;
}
