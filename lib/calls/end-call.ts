import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import { settleCampaignContact } from "@/lib/calls/settle-campaign-contact";
import type { AgentState } from "@/lib/agents/agent-status";
import type { Tx } from "@/lib/db/client";
import { consultTargetsBack, endConsultsSql, ENDED_CONSULT, type EndedConsult } from "./end-consult";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordCallLog, type CallLogEntry } from "./record-call-log";
import { runSql } from "@/lib/db/run-sql";

export interface CallEnd {
  /** The call log to write (once per CallSid); null for a dial the provider never took. */
  log: CallLogEntry | null;
  /** The agent who was on the call; `talked`: a conversation took place (wrap-up follows). */
  agent?: { userId: number; talked: boolean } | null;
  /** A campaign contact whose attempt this was. */
  campaignContact?: { id: bigint; outcome: string; answered: boolean } | null;
}

/**
 * A call ended: the one transition queue calls, manual calls and campaign
 * calls all go through (decision 015). In the caller's transaction it closes
 * the live call (its hold time), writes the call log, moves the agent (lib/agents) and settles the campaign contact
 * (the one retry rule). A retried callback finds the log already written and
 * moves nothing else: `ended` is false.
 */
export async function endCall(tx: Tx, { organizationId, log, agent, campaignContact }: CallEnd & { organizationId: number }): Promise<{ ended: boolean }> {
  if (log && log.organization_id !== organizationId) throw new Error("A call log must belong to the organization ending the call.");
  const live = log ? await closeLiveCall(tx, organizationId, log.call_sid) : null;
  if (log && !(await recordCallLog(tx, { ...log, ...recordingOf(live), hold_seconds: live?.hold_seconds ?? 0, parent_call_sid: live?.parent_call_sid ?? log.parent_call_sid ?? null })).created)
    return { ended: false };
  const callSid = log?.call_sid ?? null;
  if (live) await releaseOthersOnCall(tx, organizationId, live);
  if (campaignContact) {
    await settleCampaignContact(tx, { campaignContactId: campaignContact.id, organizationId, outcome: campaignContact.outcome, answered: campaignContact.answered, callSid });
  }
  if (agent) await endAgentCall(tx, { userId: agent.userId, organizationId, callSid, talked: agent.talked, before: (live?.status_before as AgentState | null) ?? null });
  return { ended: true };
}

/**
 * Whoever else was on the call leaves with it: third parties and supervisors
 * (an agent who talked goes to wrap-up), and a warm transfer's target still
 * consulting (back where they were). A cold transfer's target is not here:
 * their part of the call goes on as a call of its own. Both left in the
 * statement that closed the call (closeLiveCall); only those there were move.
 */
async function releaseOthersOnCall(tx: Tx, organizationId: number, live: ClosedLiveCall): Promise<void> {
  for (const other of live.others ?? []) {
    if (other.user_id && other.leg_sid && other.role === "participant") await endAgentCall(tx, { userId: other.user_id, organizationId, callSid: other.leg_sid, talked: true });
  }
  await consultTargetsBack(tx, organizationId, live.consults ?? []);
}

interface ClosedLiveCall {
  id: bigint;
  call_sid: string;
  hold_seconds: number;
  parent_call_sid: string | null;
  status_before: string | null;
  recording_sid: string | null;
  recording_url: string | null;
  recording_duration: number | null;
  /** Third parties and supervisors who were still on it, now gone. */
  others: { user_id: number | null; leg_sid: string | null; role: string }[] | null;
  /** Warm transfers' consultations it still had, now ended. */
  consults: EndedConsult[] | null;
}

/** The live call, if there was one, is over: its hold time closes and folds into the log, and so does its recording as far as it is known. */
async function closeLiveCall(tx: Tx, organizationId: number, callSid: string) {
  // A card payment still open when the call ends was not taken: the provider's report of it, if one comes, finds it closed.
  const [live] = await runSql(tx).rows<ClosedLiveCall>`
    WITH live AS (
      UPDATE live_calls SET state = 'ended', ended_at = now(), updated_at = now(), held_since = NULL,
             hold_seconds = hold_seconds + COALESCE(round(extract(epoch FROM now() - held_since))::int, 0)
      WHERE organization_id = ${organizationId} AND call_sid = ${callSid} AND ended_at IS NULL
      RETURNING id, organization_id, call_sid, hold_seconds, parent_call_sid, status_before, recording_sid, recording_url, recording_duration
    ), payment AS (
      UPDATE call_payments SET status = 'failed', error = 'call-ended', capturing = NULL, ended_at = now(), updated_at = now()
      WHERE organization_id = ${organizationId} AND call_sid = ${callSid} AND ended_at IS NULL AND EXISTS (SELECT 1 FROM live)
    ), others AS (
      UPDATE call_participants SET state = 'left', left_at = now()
      WHERE live_call_id = (SELECT id FROM live) AND left_at IS NULL AND role IN ('participant', 'monitor', 'consult')
      RETURNING user_id, leg_sid, role
    ), consults AS (
      ${Prisma.raw(endConsultsSql("parent_call_sid", "(SELECT call_sid FROM live)", "(SELECT organization_id FROM live)"))}
      RETURNING ${Prisma.raw(ENDED_CONSULT)}
    )
    SELECT live.id, live.call_sid, live.hold_seconds, live.parent_call_sid, live.status_before, live.recording_sid, live.recording_url, live.recording_duration,
           (SELECT json_agg(others) FROM others) AS others, (SELECT json_agg(consults) FROM consults) AS consults FROM live`;
  return live ?? null;
}

/** The call's recording as its live call knows it: started (its sid), and reported if the provider's report came first. */
function recordingOf(live: ClosedLiveCall | null) {
  if (!live?.recording_sid && !live?.recording_url) return {};
  return { recording_sid: live.recording_sid, recording_url: live.recording_url, recording_duration: live.recording_duration };
}
