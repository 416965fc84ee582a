import "server-only";
import { kickCampaign, kickCampaignLater } from "@/lib/jobs/campaign-ticks";
import { QUEUES, workOn } from "@/lib/jobs/job-queue";
import { logger } from "@/lib/logger";
import { announceCampaignProgress } from "./announce-campaign-progress";
import { dispatchCampaign } from "./dispatch-campaign";

// The engine runs as ticks on the database job queue (queued by name through
// lib/jobs/campaign-ticks.ts): any server process may run any tick, and two
// ticks of one campaign at once are harmless (contacts and agents are claimed
// with row locks). While work remains, a tick queues another a few seconds later.

/**
 * Ticks one process runs at once: a tick waits on the provider for each dial
 * (seconds, when it is slow), and one tenant's slow dials must not hold every
 * other campaign's.
 */
const TICKS_AT_ONCE = 3;

/** Registered at start-up (lib/startup.ts): this process works on campaign ticks. */
export async function startCampaignWorker(): Promise<void> {
  await workOn<{ campaign_id: number }>(
    QUEUES.campaignDispatch,
    async ({ campaign_id }) => {
      try {
        await dispatchCampaign(campaign_id);
        // Every change to a campaign's contacts ends in a tick: after it, the live view reloads.
        await announceCampaignProgress(campaign_id);
      } catch (error) {
        logger.error("campaign dispatch failed", { campaign_id, error: error instanceof Error ? error.stack : String(error) });
        await kickCampaignLater(campaign_id, 5);
      }
    },
    { orphaned: ({ campaign_id }) => kickCampaign(campaign_id), concurrency: TICKS_AT_ONCE },
  );
}
