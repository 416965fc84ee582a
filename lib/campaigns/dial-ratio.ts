import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Campaign } from "@/lib/generated/prisma/client";
import { runSql } from "@/lib/db/run-sql";

/** The abandon rate the predictive dialer keeps under, over the last 30 days. */
export const ABANDON_CAP = 0.03;

/**
 * Lines per available agent for a predictive campaign: the inverse of the
 * recent answer rate (dial enough to keep agents busy), at most `maxRatio`,
 * and back to one line per agent as soon as the organization's abandon rate
 * over 30 days nears the cap, so it never passes it.
 */
export async function dialRatio(tx: Tx, campaign: Campaign, maxRatio: number): Promise<number> {
  const [stats] = await runSql(tx).rows<{ answered: number; abandoned: number; recent_dials: number; recent_answered: number }>`
    SELECT count(*) FILTER (WHERE cc.last_outcome IN ('answered', 'abandoned', 'voicemail'))::int AS answered,
           count(*) FILTER (WHERE cc.last_outcome = 'abandoned')::int AS abandoned,
           count(*) FILTER (WHERE cc.campaign_id = ${campaign.id} AND cc.last_attempt_at > now() - interval '1 hour' AND cc.state NOT IN ('dialing'))::int AS recent_dials,
           count(*) FILTER (WHERE cc.campaign_id = ${campaign.id} AND cc.last_attempt_at > now() - interval '1 hour' AND cc.last_outcome IN ('answered', 'abandoned'))::int AS recent_answered
    FROM campaign_contacts cc JOIN campaigns k ON k.id = cc.campaign_id
    WHERE k.organization_id = ${campaign.organization_id} AND cc.last_attempt_at > now() - interval '30 days'`;
  // One more abandoned call must still leave the rate under the cap.
  if (stats.answered > 0 && (stats.abandoned + 1) / (stats.answered + 1) > ABANDON_CAP) return 1;
  if (stats.recent_dials < 20) return Math.min(maxRatio, 1.5);
  const answerRate = Math.max(stats.recent_answered / stats.recent_dials, 1 / maxRatio);
  return Math.min(maxRatio, Math.max(1, 1 / answerRate));
}
