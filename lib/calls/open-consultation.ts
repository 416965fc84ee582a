import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { LiveCallRow } from "./find-live-call";

/** The warm transfer under way on a call (409 when there is none). */
export async function openConsultation(call: LiveCallRow) {
  const consult = await prisma.callParticipant.findFirst({
    where: { live_call_id: call.id, role: "consult", left_at: null, state: { not: "failed" } },
    select: { id: true, state: true, leg_sid: true, user_id: true },
  });
  if (!consult?.leg_sid) throw AppError.conflict("There is no warm transfer under way on this call.");
  return consult;
}
