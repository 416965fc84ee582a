import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { assertDispositionPicked } from "@/lib/calls/dispositions/assert-disposition-picked";
import { kickDepartmentCampaigns } from "@/lib/jobs/campaign-ticks";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { becomeAvailableUnlessOnACall, changeAgentStatus, getAgentStatus, type AgentState } from "./agent-status";

/** The agent changes their own availability. */
export async function setAgentStatus({ actor, status }: { actor: SessionUser; status: AgentState }) {
  if (status !== "wrap_up") await assertDispositionPicked(actor);
  // Going Offline with a call accepted but not yet joined hands that caller back at once (and says so).
  if (status === "offline" && (await returnUnconnectedCalls({ userId: actor.id, reason: "offline" })) > 0) return getAgentStatus({ actor });
  // Available is what makes an agent offered a caller: never while they are on a call.
  const saved = status === "available" ? await becomeAvailable(actor) : await changeAgentStatus(prisma, actor, status, { by: "agent" });
  // A free agent is capacity for the department's dialing campaigns; any change may free or withdraw an offer.
  if (status === "available") await kickDepartmentCampaigns(actor.organization_id, actor.department_id);
  queueMayMove(actor.organization_id);
  return saved;
}

async function becomeAvailable(actor: SessionUser) {
  const saved = await becomeAvailableUnlessOnACall(prisma, actor);
  if (!saved) throw AppError.conflict("You are on a call: you become available when it ends.");
  return saved;
}
