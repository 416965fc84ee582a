import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prepared } from "@/lib/db/prepared";
import { rawQuery } from "@/lib/db/raw-sql";
import { AppError } from "@/lib/errors/app-error";
import { wrapUpRules } from "@/lib/queues/wrap-up-rules";

/**
 * An agent leaving wrap-up when a disposition is required (by the
 * organization, or by the queue the call came from: issue 44): the call they
 * are wrapping up (their last logged call) must have one. Refused with 422
 * naming disposition_id; nothing changes.
 */
export async function assertDispositionPicked(actor: Pick<SessionUser, "id" | "organization_id">): Promise<void> {
  const [agent] = await rawQuery<{ status: string; changed_at: Date }>(AGENT_STATE, [actor.id]);
  if (agent?.status !== "wrap_up") return;
  const rules = await wrapUpRules({ userId: actor.id, organizationId: actor.organization_id, since: agent.changed_at, resumeStatus: null });
  if (rules.disposition_required && !rules.has_disposition) throw AppError.validation({ disposition_id: ["Pick a disposition for the call before leaving wrap-up."] });
}

// Asked on every change of state an agent makes (Available after each call): prepared, past the ORM.
const AGENT_STATE = prepared(`SELECT status, changed_at FROM agent_statuses WHERE user_id = $1::int`);
