import "server-only";
import { departmentScope, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/** A campaign the caller may act on: another organization's is 404, another department's 403 (as contacts). */
export async function findCampaignForActor(db: Tx, actor: SessionUser, id: number) {
  const campaign = await db.campaign.findFirst({ where: { id, ...organizationScope(actor) } });
  if (!campaign) throw AppError.notFound();
  const scope = departmentScope(actor);
  if (scope.department_id !== undefined && scope.department_id !== campaign.department_id) throw AppError.forbidden();
  return campaign;
}
