import "server-only";
import type { z } from "zod";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { resolveDepartment } from "@/lib/contacts/contact-access";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, skipTake } from "@/lib/http/pagination";
import { hasChanges } from "@/lib/http/patch-schema";
import { organizationNumbers } from "@/lib/telephony/owned-numbers";
import { findCampaignForActor } from "./campaign-access";
import { checkCampaignContacts } from "./check-campaign-contacts";
import type { CreateCampaignInput, listCampaignsQuery, UpdateCampaignInput } from "./schemas";
import { serializeCampaign } from "./serialize-campaign";

/**
 * A campaign picks its contacts by one of the caller's own presets: presets are
 * personal (GET /api/saved-filters lists only the caller's), so another user's
 * is as unknown as a missing one. A campaign edited by someone else may keep
 * the preset it already has.
 */
async function checkSavedFilter(actor: SessionUser, id: number | undefined, kept?: number) {
  if (id === undefined || id === kept) return;
  const found = await prisma.savedFilter.findFirst({ where: { id, user_id: actor.id, organization_id: actor.organization_id }, select: { id: true } });
  if (!found) throw AppError.validation({ "selection.saved_filter_id": ["The saved filter does not exist."] });
}

/**
 * A campaign dials from one of the organization's own numbers (issue 40): any
 * other caller ID would fail every dial at the provider, or ring from another
 * organization's number.
 */
async function checkCallerId(organizationId: number, callerId: string | null | undefined) {
  if (callerId === undefined || callerId === null) return;
  if (!(await organizationNumbers(organizationId)).has(callerId)) {
    throw AppError.validation({ caller_id: ["The caller ID must be one of the organization's numbers (Settings → Telephony)."] });
  }
}

export async function createCampaign({ actor, input }: { actor: SessionUser; input: CreateCampaignInput }) {
  const { organization_id, department_id } = await resolveDepartment(prisma, actor, input.department_id);
  await checkSavedFilter(actor, input.selection.saved_filter_id);
  await checkCallerId(organization_id, input.caller_id);
  await checkCampaignContacts({ organizationId: organization_id, departmentId: department_id, contactIds: input.selection.contact_ids, field: "selection.contact_ids" });
  const campaign = await prisma.campaign.create({ data: { ...input, organization_id, department_id, created_by_user_id: actor.id } });
  return serializeCampaign(campaign);
}

export async function listCampaigns({ actor, query }: { actor: SessionUser; query: z.infer<typeof listCampaignsQuery> }) {
  const where = { ...departmentScope(actor), ...(query.status && { status: query.status }) };
  const [rows, total] = await Promise.all([prisma.campaign.findMany({ where, orderBy: [{ created_at: "desc" }, { id: "desc" }], ...skipTake(query) }), prisma.campaign.count({ where })]);
  const counts = await prisma.campaignContact.groupBy({ by: ["campaign_id", "state"], where: { campaign_id: { in: rows.map((r) => r.id) } }, _count: { _all: true } });
  return pageOf(
    rows.map((row) => {
      const mine = counts.filter((c) => c.campaign_id === row.id);
      const total = mine.reduce((sum, c) => sum + c._count._all, 0);
      const finished = mine.filter((c) => c.state === "done" || c.state === "excluded").reduce((sum, c) => sum + c._count._all, 0);
      return { ...serializeCampaign(row), contacts: total, progress: total ? Math.round((finished / total) * 100) : 0 };
    }),
    total,
    query,
  );
}

export async function getCampaign({ actor, id }: { actor: SessionUser; id: number }) {
  return serializeCampaign(await findCampaignForActor(prisma, actor, id));
}

/** Settings change while a campaign is a draft or paused; a running one is paused first. */
export async function updateCampaign({ actor, id, input }: { actor: SessionUser; id: number; input: UpdateCampaignInput }) {
  const current = await findCampaignForActor(prisma, actor, id);
  if (!["draft", "paused"].includes(current.status)) throw AppError.conflict(`A ${current.status} campaign cannot be edited; pause it first.`);
  if (current.status !== "draft" && (input.selection || input.department_id)) {
    throw AppError.conflict("The contacts of a started campaign are fixed; add or remove contacts instead.");
  }
  await checkSavedFilter(actor, input.selection?.saved_filter_id, (current.selection as { saved_filter_id?: number } | null)?.saved_filter_id);
  await checkCallerId(current.organization_id, input.caller_id);
  const { department_id, ...fields } = input;
  const placement = department_id !== undefined ? await resolveDepartment(prisma, actor, department_id) : null;
  const selected = fields.selection?.contact_ids ?? (placement ? (current.selection as { contact_ids?: number[] } | null)?.contact_ids : undefined);
  await checkCampaignContacts({ organizationId: current.organization_id, departmentId: placement?.department_id ?? current.department_id, contactIds: selected, field: "selection.contact_ids" });
  const data = {
    ...fields,
    ...(placement && { department_id: placement.department_id }),
    selection: (fields.selection ?? undefined) as object | undefined,
    pacing: fields.pacing as object | undefined,
    calling_window: fields.calling_window as object | undefined,
  };
  if (!hasChanges(data)) return getCampaign({ actor, id });
  const { count } = await prisma.campaign.updateMany({ where: { id, status: current.status, ...departmentScope(actor) }, data });
  if (count === 0) throw AppError.conflict("The campaign changed meanwhile; reload it.");
  return getCampaign({ actor, id });
}

export async function deleteCampaign({ actor, id }: { actor: SessionUser; id: number }): Promise<void> {
  await findCampaignForActor(prisma, actor, id);
  const { count } = await prisma.campaign.deleteMany({ where: { id, status: "draft", ...departmentScope(actor) } });
  if (count === 0) throw AppError.conflict("Only a draft campaign can be deleted; stop it instead.");
}
