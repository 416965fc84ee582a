import "server-only";
import { prisma } from "@/lib/db/client";
import { enqueueJob, QUEUES, workOn } from "@/lib/jobs/job-queue";
import { logger } from "@/lib/logger";
import { announceCampaignProgress } from "./announce-campaign-progress";

// The engine runs as ticks on the database job queue: any server process may
// run any tick, and two ticks of one campaign at once are harmless (contacts
// and agents are claimed with row locks). A tick is queued whenever something
// may open capacity (start, resume, an agent becoming available, a call
// ending) and, while work remains, again a few seconds later. The queue is
// "stately" per key: kicks while a tick is already waiting add nothing (that
// tick will see the new state), so a burst of events never piles up ticks.

export async function kickCampaign(campaignId: number): Promise<void> {
  await enqueueJob(QUEUES.campaignDispatch, { campaign_id: campaignId }, `campaign-${campaignId}`);
}

/** The follow-up tick, under a key of its own so it never blocks an immediate kick. */
export async function kickCampaignLater(campaignId: number, seconds = 3): Promise<void> {
  await enqueueJob(QUEUES.campaignDispatch, { campaign_id: campaignId }, `campaign-${campaignId}-later`, seconds);
}

/** An agent of this department may now take a call: every running dialing campaign there gets a tick. */
export async function kickDepartmentCampaigns(organizationId: number, departmentId: number | null): Promise<void> {
  if (departmentId === null) return;
  const campaigns = await prisma.campaign.findMany({
    where: { organization_id: organizationId, department_id: departmentId, status: "running", dialing_mode: { in: ["progressive", "predictive"] } },
    select: { id: true },
  });
  await Promise.all(campaigns.map((c) => kickCampaign(c.id)));
}

export async function startCampaignWorker(): Promise<void> {
  const { dispatchCampaign } = await import("./dispatch-campaign");
  await workOn<{ campaign_id: number }>(QUEUES.campaignDispatch, async ({ campaign_id }) => {
    try {
      await dispatchCampaign(campaign_id);
      // Every change to a campaign's contacts ends in a tick: after it, the live view reloads.
      await announceCampaignProgress(campaign_id);
    } catch (error) {
      logger.error("campaign dispatch failed", { campaign_id, error: error instanceof Error ? error.stack : String(error) });
      await kickCampaignLater(campaign_id, 5);
    }
  }, { orphaned: ({ campaign_id }) => kickCampaign(campaign_id) });
}
