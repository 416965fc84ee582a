import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { enqueueJob, QUEUES } from "./job-queue";

// Campaign dispatch is triggered by name: whoever opens capacity (a start, a
// resume, an agent becoming available, a call ending) queues a tick here, and
// the handler (lib/campaigns/campaign-worker.ts) is registered at start-up.
// Nothing here imports the dispatcher, so no module needs a dynamic import to
// dodge a cycle.
//
// The queue keeps one waiting tick per key (pg-boss's "short" policy, job-queue.ts):
// kicks while a tick is already waiting add nothing (that tick will see the new
// state), so a burst never piles up ticks.

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
  const campaigns = await runSql().rows<{ id: number }>(DIALING_CAMPAIGNS, [organizationId, departmentId]);
  await Promise.all(campaigns.map((c) => kickCampaign(c.id)));
}

// Asked each time an agent of a department becomes Available (after every call): prepared, past the ORM.
const DIALING_CAMPAIGNS = prepared(`
  SELECT id FROM campaigns
  WHERE organization_id = $1::int AND department_id = $2::int AND status = 'running' AND dialing_mode IN ('progressive', 'predictive')`);
