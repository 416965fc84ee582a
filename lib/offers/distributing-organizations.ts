import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { processSingleton } from "@/lib/process/process-registry";

// Which organizations distribute work (issue 44): a queue in offer mode, or
// new text conversations assigned to agents. Known to each process without a
// query per queue change: every caller who joins or leaves a queue asks it,
// and most organizations do neither. Read afresh by the offer engine's tick
// (once a second), and at once in the process that changed a queue's
// distribution or the setting; another server learns of it by its next tick.

const known = () => processSingleton("distributing-organizations", () => ({ ids: new Set<number>(), readAt: 0 }));

export function distributesWork(organizationId: number): boolean {
  // Until the first tick has read the set (a second after start-up), every
  // organization may: a change in that second must still settle and make
  // offers. A server started again after a crash found an offer left open to
  // an agent who then chose Busy, and nothing withdrew it until the tick
  // (the floor simulation, seed 1375355899).
  const state = known();
  return state.readAt === 0 || state.ids.has(organizationId);
}

/** Who distributes work, in SQL: read by the tick's one statement (offer-statements.ts) and by `refreshDistributingOrganizations`. */
export const DISTRIBUTING_ORGANIZATIONS = `
    SELECT organization_id FROM queues WHERE distribution = 'offer'
    UNION
    SELECT organization_id FROM settings WHERE key = 'sms' AND value->>'assign_conversations' = 'true'`;

/** Reads the set again (a change of a queue's distribution or of the setting). */
export async function refreshDistributingOrganizations(): Promise<Set<number>> {
  const rows = await runSql().rows<{ organization_id: number }>(DISTRIBUTING_ORGANIZATIONS);
  return knowDistributingOrganizations(rows.map((r) => r.organization_id));
}

/** The set as just read (the tick reads it with what else is due). */
export function knowDistributingOrganizations(ids: readonly number[]): Set<number> {
  const state = known();
  state.ids = new Set(ids);
  state.readAt = Date.now();
  return state.ids;
}
