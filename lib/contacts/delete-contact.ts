import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findContactForAction } from "./contact-access";

export const ACTIVE_CAMPAIGN_STATUSES = ["running", "paused"];

/** Refuses (409) while the contact takes part in a running or paused campaign. */
export async function assertNotInActiveCampaign(db: Tx, contactIds: bigint[]): Promise<void> {
  const membership = await db.campaignContact.findFirst({
    where: { contact_id: { in: contactIds }, state: { not: "excluded" }, campaign: { status: { in: ACTIVE_CAMPAIGN_STATUSES } } },
    select: { contact_id: true, campaign: { select: { id: true, name: true } } },
  });
  if (membership) {
    throw AppError.conflict(`The contact is in the active campaign "${membership.campaign.name}"; remove it from the campaign first.`, {
      extra: { campaign_id: membership.campaign.id, contact_id: Number(membership.contact_id) },
    });
  }
}

/**
 * Archives a contact (soft delete), or with `permanent` removes it; its call
 * logs stay and lose their link (ON DELETE SET NULL).
 */
export async function deleteContact({ actor, id, permanent }: { actor: SessionUser; id: bigint; permanent: boolean }): Promise<void> {
  await findContactForAction(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    await assertNotInActiveCampaign(tx, [id]);
    const where = { id, ...departmentScope(actor) };
    const { count } = permanent ? await tx.contact.deleteMany({ where }) : await tx.contact.updateMany({ where, data: { status: "archived", archived_at: new Date() } });
    if (count === 0) throw AppError.notFound();
  });
}
