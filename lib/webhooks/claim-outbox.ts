import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";

// The sender's claims on fresh events (issue 24). A claim holds an outbox row
// for 15 s, renewed every 5 s while its sends are out; a process that died
// mid-send lets it lapse and another (or itself, started again) claims it,
// skipping the endpoints whose delivery was recorded meanwhile (at least once,
// never lost). Short, because a restart waits that long for what it held.

export interface ClaimedEvent {
  id: string;
  body: string;
  created_at: Date;
  /** The enabled endpoints that want it and have no recorded delivery of it. */
  endpoint_ids: number[];
}

const CLAIM = (which: string) => `
  WITH claimed AS (SELECT id FROM webhook_outbox WHERE ${which} LIMIT $1 FOR UPDATE SKIP LOCKED)
  UPDATE webhook_outbox o SET locked_until = now() + interval '15 seconds', claims = o.claims + 1
  FROM claimed WHERE o.id = claimed.id
  RETURNING o.id::text, o.payload::text AS body, o.created_at,
    ARRAY(SELECT e.id FROM webhook_endpoints e
          WHERE e.organization_id = o.organization_id AND e.enabled AND o.event_type = ANY(e.events)
            AND (o.claims = 1 OR NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.dedupe_key = 'event:' || o.id))
          ORDER BY e.id) AS endpoint_ids`;
// Two ranges of the one index on locked_until: never claimed, and claims that lapsed (not this process's own).
// Prepared: each runs many times a second under load, and planning it cost more than running it.
const FRESH = prepared(CLAIM("locked_until IS NULL"));
const LAPSED = prepared(CLAIM("locked_until < now() AND id <> ALL($2::bigint[])"));

/** Claims up to `limit` events never claimed; with `lapsed`, those whose claim lapsed instead, but for `own` (this process's, still out). */
export function claimOutbox({ limit, lapsed = false, own = [] }: { limit: number; lapsed?: boolean; own?: string[] }): Promise<ClaimedEvent[]> {
  return lapsed ? runSql().rows<ClaimedEvent>(LAPSED, [limit, own]) : runSql().rows<ClaimedEvent>(FRESH, [limit]);
}

/** Keeps this process's claims while their sends are out (a slow endpoint's queue may take longer than a claim lasts). */
export async function renewOutboxClaims(ids: string[]): Promise<void> {
  if (ids.length) await runSql().rows(`UPDATE webhook_outbox SET locked_until = now() + interval '15 seconds' WHERE id = ANY($1::bigint[])`, [ids]);
}

export interface EndpointTarget {
  id: number;
  url: string;
  secret_sealed: string;
  failing: boolean;
}

const TARGETS = prepared(`SELECT id, url, secret_sealed, failing_since IS NOT NULL AS failing FROM webhook_endpoints WHERE id = ANY($1::int[]) AND enabled`);

/** Where the claimed events go, with what secret, and whether the endpoint is failing now. */
export function endpointTargets(ids: number[]): Promise<EndpointTarget[]> {
  return runSql("pool", { secrets: true }).rows<EndpointTarget>(TARGETS, [ids]);
}

/**
 * Gives back what this process holds and has not recorded: its outbox claims
 * and its claimed delivery rows go back to waiting, for the next sender now
 * rather than when the claims lapse. Sends still out may land twice (at least once).
 */
export async function releaseClaims({ events, deliveries }: { events: string[]; deliveries: string[] }): Promise<void> {
  if (events.length) await runSql().rows(`UPDATE webhook_outbox SET locked_until = NULL WHERE id = ANY($1::bigint[])`, [events]);
  if (deliveries.length) await runSql().rows(`UPDATE webhook_deliveries SET status = 'pending', locked_until = NULL WHERE id = ANY($1::bigint[]) AND status = 'sending'`, [deliveries]);
}
