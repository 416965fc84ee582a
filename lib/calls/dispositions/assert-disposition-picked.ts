import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors/app-error";
import { currentWrapUpRules } from "@/lib/queue/settings/wrap-up-rules";

/**
 * An agent leaving wrap-up when a disposition is required (by the
 * organization, or by the queue the call came from: issue 44): the call they
 * are wrapping up (their last logged call) must have one. Refused with 422
 * naming disposition_id; nothing changes.
 */
export async function assertDispositionPicked(actor: Pick<SessionUser, "id" | "organization_id">): Promise<void> {
  const rules = await currentWrapUpRules({ userId: actor.id, organizationId: actor.organization_id });
  if (rules?.disposition_required && !rules.has_disposition) throw AppError.validation({ disposition_id: ["Pick a disposition for the call before leaving wrap-up."] });
}
