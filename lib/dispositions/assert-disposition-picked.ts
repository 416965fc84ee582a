import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";

/**
 * An agent leaving wrap-up, in an organization that requires a disposition:
 * the call they are wrapping up (their last logged call) must have one.
 * Refused with 422 naming disposition_id; nothing changes.
 */
export async function assertDispositionPicked(actor: Pick<SessionUser, "id" | "organization_id">): Promise<void> {
  const agent = await prisma.agentStatus.findUnique({ where: { user_id: actor.id }, select: { status: true } });
  if (agent?.status !== "wrap_up") return;
  if (!(await getSettings(actor.organization_id, "calls")).disposition_required) return;
  const last = await prisma.callLog.findFirst({ where: { user_id: actor.id, organization_id: actor.organization_id }, orderBy: { created_at: "desc" }, select: { disposition_id: true } });
  if (last && last.disposition_id === null) throw AppError.validation({ disposition_id: ["Pick a disposition for the call before leaving wrap-up."] });
}
