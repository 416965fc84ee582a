import "server-only";
import { endCall } from "@/lib/calls/end-call";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";

/**
 * How long a dial may go without a word of its call. The provider answers a
 * dial within its client's 30 s timeout, and a call it placed calls back
 * within its 25 s ring (the first callback names the call); past this, the
 * dial never reached the provider.
 */
export const LOST_DIAL_SECONDS = 90;

/**
 * Dials lost with their server. A tick claims a contact and reserves its
 * agent in one transaction, then dials outside it: a server killed in
 * between leaves the contact dialing with no call and the agent busy with
 * none, and no callback will ever settle them. Each tick of a dialing
 * campaign settles such attempts as failed (a retry when the campaign
 * retries failures), and gives the agent back, unless they have moved since
 * the reservation (their last change within a minute of the claim, either
 * side for the servers' clocks: a later change is theirs).
 */
export async function settleLostDials(campaign: { id: number; organization_id: number }): Promise<number> {
  const settled = await prisma.$transaction(async (tx) => {
    const lost = await runSql(tx).rows<{ id: bigint; agent: number | null }>`
      SELECT cc.id,
             (SELECT a.user_id FROM agent_statuses a
              WHERE a.user_id = cc.assigned_user_id AND a.status = 'busy' AND a.current_call_sid IS NULL
                AND a.changed_at BETWEEN cc.last_attempt_at - interval '1 minute' AND cc.last_attempt_at + interval '1 minute') AS agent
      FROM campaign_contacts cc
      WHERE cc.campaign_id = ${campaign.id} AND cc.state = 'dialing' AND cc.last_call_sid IS NULL
        AND cc.last_attempt_at < now() - make_interval(secs => ${LOST_DIAL_SECONDS})
      FOR UPDATE OF cc SKIP LOCKED`;
    for (const dial of lost) {
      await endCall(tx, {
        organizationId: campaign.organization_id,
        log: null,
        campaignContact: { id: dial.id, outcome: "failed", answered: false },
        agent: dial.agent ? { userId: dial.agent, talked: false } : null,
      });
    }
    return lost;
  });
  if (settled.length)
    logger.warn("campaign dials lost with their server settled as failed", {
      campaign_id: campaign.id,
      campaign_contact_ids: settled.map((dial) => String(dial.id)),
      agents_released: settled.filter((dial) => dial.agent).length,
    });
  return settled.length;
}
