import "server-only";
import { releaseReservedAgents, reserveAvailableAgents } from "@/lib/agents/reserve-agents";
import { endCall } from "@/lib/calls/end-call";
import { prisma, type Tx } from "@/lib/db/client";
import type { Campaign } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { kickCampaignLater } from "@/lib/jobs/campaign-ticks";
import { applyDecision, lockCandidates, toDialCandidate } from "./claim-contacts";
import { decideDial, type CallingWindow, type DialPolicy } from "./dial-compliance";
import { dialRatio } from "./dial-ratio";
import { settleLostDials } from "./settle-lost-dials";
import { runSql } from "@/lib/db/run-sql";

/** The advisory lock space of campaign claims (the second key is the campaign's id). */
const CAMPAIGN_CLAIM_LOCK = 530053;

interface Dial {
  id: bigint;
  phone: string;
  agent: number | null;
}

export function dialPolicy(campaign: Campaign): DialPolicy {
  return {
    window: campaign.calling_window as unknown as CallingWindow,
    timezonePolicy: campaign.timezone_policy === "campaign" ? "campaign" : "contact",
    maxAttempts: campaign.max_attempts,
    retryDelayMinutes: campaign.retry_delay_minutes,
    excludeDnc: campaign.exclude_dnc,
  };
}

/** Reserves up to `count` available agents of the department (lib/agents: row locks, history, events). */
function reserveAgents(tx: Tx, campaign: Campaign, count: number): Promise<number[]> {
  return reserveAvailableAgents(tx, { organizationId: campaign.organization_id, departmentId: campaign.department_id, count });
}

async function availableAgents(tx: Tx, campaign: Campaign): Promise<number> {
  const [row] = await runSql(tx).rows<{ n: number }>`
    SELECT count(*)::int AS n FROM agent_statuses a JOIN users u ON u.id = a.user_id
    WHERE a.organization_id = ${campaign.organization_id} AND u.department_id = ${campaign.department_id} AND u.active AND a.status = 'available'`;
  return row.n;
}

/**
 * One tick of a running progressive or predictive campaign: how many lines may
 * be opened now, which contacts pass the checks (claimed with row locks, so no
 * contact is ever dialed twice at once, whichever process runs the tick), then
 * the dials through the telephony port, outside the transaction.
 */
export async function dispatchCampaign(campaignId: number): Promise<{ dialed: number }> {
  const campaign = await prisma.campaign.findUnique({ where: { id: campaignId } });
  if (!campaign || campaign.status !== "running") return { dialed: 0 };
  // Preview campaigns are dialed by agents; a tick only notices when they are finished.
  if (campaign.dialing_mode === "preview") {
    await completeIfDone(campaign);
    return { dialed: 0 };
  }
  await settleLostDials(campaign);
  const policy = dialPolicy(campaign);
  const pacing = campaign.pacing as { max_ratio?: number; max_calls_per_minute?: number };
  const now = new Date();

  const dials = await prisma.$transaction(async (tx) => {
    // Two ticks of one campaign may run at once (two servers, two kicks): they claim in turn, so the
    // second counts the first's lines as in flight and pacing holds. Other campaigns are not held.
    await runSql(tx).count`SELECT pg_advisory_xact_lock(${CAMPAIGN_CLAIM_LOCK}::int, ${campaignId}::int)`;
    const [flight] = await runSql(tx).rows<{ in_flight: number; last_minute: number }>`
      SELECT count(*) FILTER (WHERE state = 'dialing')::int AS in_flight,
             count(*) FILTER (WHERE last_attempt_at > now() - interval '1 minute')::int AS last_minute
      FROM campaign_contacts WHERE campaign_id = ${campaignId}`;
    const perMinuteLeft = Math.max(0, (pacing.max_calls_per_minute ?? 60) - flight.last_minute);
    let agents: number[] = [];
    let lines: number;
    if (campaign.dialing_mode === "progressive") {
      agents = await reserveAgents(tx, campaign, perMinuteLeft);
      lines = agents.length;
    } else {
      const ratio = await dialRatio(tx, campaign, pacing.max_ratio ?? 2);
      lines = Math.min(perMinuteLeft, Math.floor((await availableAgents(tx, campaign)) * ratio) - flight.in_flight);
    }
    if (lines <= 0) return [];

    // A few more candidates than lines: some will be skipped by the checks.
    const candidates = await lockCandidates(tx, [campaignId], lines * 3 + 10);
    const chosen: Dial[] = [];
    for (const candidate of candidates) {
      const decision = decideDial(toDialCandidate(candidate), policy, now);
      if (decision.allowed && chosen.length >= lines) break;
      const agent = decision.allowed && campaign.dialing_mode === "progressive" ? agents[chosen.length] : null;
      await applyDecision(tx, candidate.id, decision, now, agent);
      if (decision.allowed) chosen.push({ id: candidate.id, phone: candidate.phone, agent });
    }
    // Agents reserved for lines that found no contact are free again.
    const unused = agents.slice(chosen.length);
    await releaseReservedAgents(tx, { userIds: unused, organizationId: campaign.organization_id });
    return chosen;
  });

  if (dials.length) await placeDials(campaign, dials);
  await finishOrContinue(campaign);
  return { dialed: dials.length };
}

async function placeDials(campaign: Campaign, dials: Dial[]): Promise<void> {
  const from = campaign.caller_id ?? (await telephony().numbers(campaign.organization_id)).callerId;
  await Promise.all(
    dials.map(async (dial) => {
      try {
        if (!from) throw new Error("Telephony is not configured (account, auth token and caller ID are needed to dial).");
        const callSid = await telephony().dialCampaignContact(campaign.organization_id, { to: dial.phone, from, campaignContactId: dial.id, detectMachine: campaign.amd_enabled });
        await prisma.campaignContact.updateMany({ where: { id: dial.id, state: "dialing" }, data: { last_call_sid: callSid } });
      } catch (error) {
        logger.warn("campaign dial failed", { campaign_id: campaign.id, campaign_contact_id: String(dial.id), error: (error as Error).message });
        // The provider never took the call: nothing to log, the attempt settles as failed and its agent is free.
        await prisma.$transaction((tx) =>
          endCall(tx, {
            organizationId: campaign.organization_id,
            log: null,
            campaignContact: { id: dial.id, outcome: "failed", answered: false },
            agent: dial.agent ? { userId: dial.agent, talked: false } : null,
          }),
        );
      }
    }),
  );
}

/** Completes a running campaign with nothing left to dial; true when it did. */
async function completeIfDone(campaign: Campaign): Promise<boolean> {
  const [left] = await runSql(prisma).rows<{ open: number }>`
    SELECT count(*)::int AS open FROM campaign_contacts WHERE campaign_id = ${campaign.id} AND state IN ('pending', 'retry_wait', 'dialing', 'answered')`;
  if (left.open > 0) return false;
  await prisma.campaign.updateMany({ where: { id: campaign.id, status: "running" }, data: { status: "completed", finished_at: new Date() } });
  return true;
}

/** Completes a campaign with nothing left to dial; otherwise looks again shortly (retries, calling windows). */
async function finishOrContinue(campaign: Campaign): Promise<void> {
  if (!(await completeIfDone(campaign))) await kickCampaignLater(campaign.id, 3);
}
