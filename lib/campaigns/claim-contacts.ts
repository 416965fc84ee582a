import "server-only";
import type { Tx } from "@/lib/db/client";
import type { DialCandidate, DialDecision } from "./dial-compliance";
import { runSql } from "@/lib/db/run-sql";

export interface Candidate {
  id: bigint;
  campaign_id: number;
  contact_id: bigint;
  phone: string;
  attempts: number;
  name: string;
  tags: string[];
  status: string;
  opted_out: boolean;
  timezone_field: string | null;
  last_dialed_at: Date | null;
}

/**
 * The next campaign contacts due for a call, locked for this transaction and
 * skipped by any other (FOR UPDATE SKIP LOCKED): however many processes claim
 * at once, each contact goes to one of them. Carries what the checks need:
 * current tags, archive and opt-out, a time-zone field, and when any campaign
 * last dialed the number.
 */
export function lockCandidates(tx: Tx, campaignIds: number[], limit: number): Promise<Candidate[]> {
  return runSql(tx).rows<Candidate>`
    SELECT cc.id, cc.campaign_id, cc.contact_id, cc.phone, cc.attempts, c.name, c.tags, c.status, (c.opted_out_at IS NOT NULL) AS opted_out,
           NULLIF(COALESCE(c.custom_fields->>'timezone', c.custom_fields->>'time_zone'), '') AS timezone_field,
           (SELECT max(x.last_attempt_at) FROM campaign_contacts x WHERE x.phone = cc.phone AND x.last_attempt_at IS NOT NULL) AS last_dialed_at
    FROM campaign_contacts cc JOIN contacts c ON c.id = cc.contact_id
    WHERE cc.campaign_id = ANY(${campaignIds}::int[]) AND cc.state IN ('pending', 'retry_wait') AND (cc.next_attempt_at IS NULL OR cc.next_attempt_at <= now())
    ORDER BY cc.next_attempt_at NULLS FIRST, cc.id
    LIMIT ${limit}
    FOR UPDATE OF cc SKIP LOCKED`;
}

export function toDialCandidate(c: Candidate): DialCandidate {
  return { phone: c.phone, tags: c.tags, attempts: c.attempts, timezoneField: c.timezone_field, lastDialedAt: c.last_dialed_at, archived: c.status === "archived", optedOut: c.opted_out };
}

/**
 * Records the checks' answer on the campaign contact: allowed → dialing (an
 * attempt, the agent it is for); outside the window or dialed too recently →
 * a later attempt time; DNC, archived, opted out → excluded; out of attempts → done.
 * A new attempt forgets the last one's call: its own is named by whichever
 * comes first, the provider's reply to the dial or the call's first callback.
 */
export async function applyDecision(tx: Tx, id: bigint, decision: DialDecision, now: Date, agent: number | null): Promise<void> {
  const recorded = JSON.stringify({ ...decision, at: now.toISOString() });
  if (decision.allowed) {
    await runSql(tx).count`
      UPDATE campaign_contacts SET state = 'dialing', attempts = attempts + 1, last_attempt_at = now(), next_attempt_at = NULL, last_call_sid = NULL,
             assigned_user_id = ${agent}, decision = ${recorded}::jsonb, updated_at = now()
      WHERE id = ${id}`;
  } else if (decision.reason === "outside_window" || decision.reason === "recently_dialed") {
    await runSql(tx).count`
      UPDATE campaign_contacts SET next_attempt_at = ${decision.retry_at ?? new Date(now.getTime() + 15 * 60_000)}, decision = ${recorded}::jsonb, updated_at = now()
      WHERE id = ${id}`;
  } else {
    const state = decision.reason === "max_attempts" ? "done" : "excluded";
    await runSql(tx).count`
      UPDATE campaign_contacts SET state = ${state}, exclusion_reason = ${state === "excluded" ? decision.reason : null},
             last_outcome = COALESCE(last_outcome, ${decision.reason}), decision = ${recorded}::jsonb, updated_at = now()
      WHERE id = ${id}`;
  }
}
