import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { findCampaignForActor } from "./campaign-access";
import { exclusionReasonSql, selectionWhere } from "./campaign-selection";
import { announceCampaignProgress } from "./announce-campaign-progress";
import { kickCampaign } from "@/lib/jobs/campaign-ticks";
import { getCampaign } from "./manage-campaigns";
import { runSql } from "@/lib/db/run-sql";

/**
 * Starts a draft: freezes the selection into campaign contacts (one INSERT …
 * SELECT; archived, opted-out, DNC-tagged when excluded and repeated phones are
 * stored as excluded with the reason) and sets it running, in one transaction.
 */
export async function startCampaign({ actor, id }: { actor: SessionUser; id: number }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  if (campaign.status !== "draft") throw AppError.conflict(`The campaign is ${campaign.status}; only a draft can be started.`);
  const where = await selectionWhere(campaign);
  await prisma.$transaction(
    async (tx) => {
      const { count } = await tx.campaign.updateMany({ where: { id, status: "draft" }, data: { status: "running", started_at: new Date() } });
      if (count === 0) throw AppError.conflict("The campaign was started meanwhile.");
      await runSql(tx).count(Prisma.sql`
      INSERT INTO campaign_contacts (campaign_id, contact_id, phone, state, exclusion_reason, updated_at)
      SELECT ${id}::int, s.id, s.phone, CASE WHEN s.reason IS NULL THEN 'pending' ELSE 'excluded' END, s.reason, now()
      FROM (SELECT c.id, c.phone, ${exclusionReasonSql(campaign.exclude_dnc)} AS reason FROM contacts c WHERE ${where}) AS s
      ON CONFLICT (campaign_id, contact_id) DO NOTHING`);
    },
    { timeout: 60_000 },
  );
  await kickCampaign(id);
  return getCampaign({ actor, id });
}

/** pause / resume / stop: the moves a running campaign allows. */
const MOVES = {
  pause: { from: ["running"], to: "paused" },
  resume: { from: ["paused"], to: "running" },
  stop: { from: ["running", "paused"], to: "stopped" },
} as const;

export async function moveCampaign({ actor, id, move }: { actor: SessionUser; id: number; move: keyof typeof MOVES }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  const { from, to } = MOVES[move];
  const { count } = await prisma.campaign.updateMany({
    where: { id, status: { in: [...from] } },
    data: { status: to, ...(to === "stopped" && { finished_at: new Date() }) },
  });
  if (count === 0) throw AppError.conflict(`A ${campaign.status} campaign cannot ${move}.`);
  if (to === "stopped") {
    // Contacts never reached stay in the record, marked as not dialed.
    await prisma.campaignContact.updateMany({ where: { campaign_id: id, state: { in: ["pending", "retry_wait"] } }, data: { state: "excluded", exclusion_reason: "campaign_stopped" } });
  }
  if (to === "running") await kickCampaign(id);
  await announceCampaignProgress(id, { final: true });
  return getCampaign({ actor, id });
}
