import "server-only";
import type { Tx } from "@/lib/db/client";

/**
 * A campaign contact's attempt is over: the one place that decides what comes
 * next (issue 22: the rule was written three times and the copies disagreed).
 * Answered: done, its outcome kept ("answered", or "voicemail" for a machine).
 * Not answered: back to wait for a retry when the campaign retries that
 * outcome, attempts remain and the campaign is not stopped (a paused one keeps
 * its retries); else done. Returns whether a retry was scheduled, or null when
 * the contact is not the organization's.
 */
export async function settleCampaignContact(
  tx: Tx,
  { campaignContactId, organizationId, outcome, answered, callSid = null }: { campaignContactId: bigint; organizationId: number; outcome: string; answered: boolean; callSid?: string | null },
): Promise<{ retry: boolean } | null> {
  const cc = await tx.campaignContact.findFirst({
    where: { id: campaignContactId, campaign: { organization_id: organizationId } },
    select: { attempts: true, campaign: { select: { status: true, retry_outcomes: true, max_attempts: true, retry_delay_minutes: true } } },
  });
  if (!cc) return null;
  const { campaign } = cc;
  const retry = !answered && campaign.retry_outcomes.includes(outcome) && cc.attempts < campaign.max_attempts && campaign.status !== "stopped";
  await tx.campaignContact.updateMany({
    where: { id: campaignContactId, campaign: { organization_id: organizationId } },
    data: {
      state: retry ? "retry_wait" : "done",
      last_outcome: answered && outcome === "completed" ? "answered" : outcome,
      next_attempt_at: retry ? new Date(Date.now() + campaign.retry_delay_minutes * 60_000) : null,
      ...(callSid && { last_call_sid: callSid }),
    },
  });
  return { retry };
}
