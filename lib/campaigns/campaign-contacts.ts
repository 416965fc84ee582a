import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { oneOf } from "@/lib/http/answer-schemas";
import { pageOf, skipTake } from "@/lib/http/pagination";
import { checkCampaignContacts } from "./check-campaign-contacts";
import { findCampaignForActor } from "./campaign-access";
import { exclusionReasonSql } from "./campaign-selection";
import { kickCampaign } from "@/lib/jobs/campaign-ticks";
import type { DialDecisionAnswer } from "./campaign-answer";
import { CAMPAIGN_CONTACT_STATES, type campaignContactsQuery } from "./schemas";
import { runSql } from "@/lib/db/run-sql";

/** The campaign's contacts with their state, attempts, next attempt and the last decision. */
export async function listCampaignContacts({ actor, id, query }: { actor: SessionUser; id: number; query: z.infer<typeof campaignContactsQuery> }) {
  await findCampaignForActor(prisma, actor, id);
  const where = { campaign_id: id, ...(query.state && { state: query.state }) };
  const [rows, total] = await Promise.all([
    prisma.campaignContact.findMany({ where, orderBy: { id: "asc" }, ...skipTake(query), include: { contact: { select: { name: true } } } }),
    prisma.campaignContact.count({ where }),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      contact_id: Number(r.contact_id),
      name: r.contact.name,
      phone: r.phone,
      state: oneOf(CAMPAIGN_CONTACT_STATES, r.state, "pending"),
      exclusion_reason: r.exclusion_reason,
      attempts: r.attempts,
      next_attempt_at: r.next_attempt_at,
      last_attempt_at: r.last_attempt_at,
      last_outcome: r.last_outcome,
      assigned_user_id: r.assigned_user_id,
      decision: r.decision as DialDecisionAnswer | null,
    })),
    total,
    query,
  );
}

/**
 * Adds contacts: to a draft's explicit selection, or straight into a started
 * campaign's snapshot (with the same exclusion rules). Only contacts of the
 * campaign's department may be added: any other id is refused (422).
 */
export async function addCampaignContacts({ actor, id, contactIds }: { actor: SessionUser; id: number; contactIds: number[] }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  await checkCampaignContacts({ organizationId: campaign.organization_id, departmentId: campaign.department_id, contactIds, field: "contact_ids" });
  const ids = contactIds.map(BigInt);
  if (campaign.status === "draft") {
    const selection = campaign.selection as { contact_ids?: number[] };
    const owned = await prisma.contact.findMany({ where: { id: { in: ids }, organization_id: campaign.organization_id, department_id: campaign.department_id }, select: { id: true } });
    const merged = [...new Set([...(selection.contact_ids ?? []), ...owned.map((c) => Number(c.id))])];
    await prisma.campaign.update({ where: { id }, data: { selection: { ...selection, contact_ids: merged } } });
    return { added: owned.length };
  }
  if (!["running", "paused"].includes(campaign.status)) throw AppError.conflict(`Contacts cannot be added to a ${campaign.status} campaign.`);
  const added = await runSql(prisma).count(Prisma.sql`
    INSERT INTO campaign_contacts (campaign_id, contact_id, phone, state, exclusion_reason, updated_at)
    SELECT ${id}::int, s.id, s.phone, CASE WHEN s.reason IS NULL THEN 'pending' ELSE 'excluded' END, s.reason, now()
    FROM (SELECT c.id, c.phone, ${exclusionReasonSql(campaign.exclude_dnc)} AS reason FROM contacts c
          WHERE c.id = ANY(${ids}::bigint[]) AND c.organization_id = ${campaign.organization_id}::int AND c.department_id = ${campaign.department_id}::int) AS s
    ON CONFLICT (campaign_id, contact_id) DO NOTHING`);
  if (campaign.status === "running") await kickCampaign(id);
  return { added };
}

/**
 * Removes contacts: from a draft's explicit selection, or from a started
 * campaign (marked excluded, "removed", unless a call is under way), after
 * which they may be deleted.
 */
export async function removeCampaignContacts({ actor, id, contactIds }: { actor: SessionUser; id: number; contactIds: number[] }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  const ids = contactIds.map(BigInt);
  if (campaign.status === "draft") {
    const selection = campaign.selection as { contact_ids?: number[] };
    const remaining = (selection.contact_ids ?? []).filter((c) => !contactIds.includes(c));
    await prisma.campaign.update({ where: { id }, data: { selection: { ...selection, contact_ids: remaining } } });
    return { removed: (selection.contact_ids?.length ?? 0) - remaining.length };
  }
  const { count } = await prisma.campaignContact.updateMany({
    where: { campaign_id: id, contact_id: { in: ids }, state: { in: ["pending", "retry_wait", "done"] } },
    data: { state: "excluded", exclusion_reason: "removed", next_attempt_at: null },
  });
  return { removed: count };
}
