import "server-only";
import { endAgentCall } from "@/lib/agents/end-agent-call";
import { settleCampaignContact } from "@/lib/campaigns/settle-campaign-contact";
import type { Tx } from "@/lib/db/client";
import { recordCallLog, type CallLogEntry } from "./record-call-log";

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
 * calls all go through (decision 015). In the caller's transaction it writes
 * the call log, moves the agent (lib/agents) and settles the campaign contact
 * (the one retry rule). A retried callback finds the log already written and
 * moves nothing else: `ended` is false.
 */
export async function endCall(tx: Tx, { organizationId, log, agent, campaignContact }: CallEnd & { organizationId: number }): Promise<{ ended: boolean }> {
  if (log && log.organization_id !== organizationId) throw new Error("A call log must belong to the organization ending the call.");
  if (log && !(await recordCallLog(tx, log)).created) return { ended: false };
  const callSid = log?.call_sid ?? null;
  if (campaignContact) {
    await settleCampaignContact(tx, { campaignContactId: campaignContact.id, organizationId, outcome: campaignContact.outcome, answered: campaignContact.answered, callSid });
  }
  if (agent) await endAgentCall(tx, { userId: agent.userId, organizationId, callSid, talked: agent.talked });
  return { ended: true };
}
