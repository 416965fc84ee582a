import "server-only";
import { endCall } from "@/lib/calls/end-call";
import { isE164 } from "@/lib/contacts/phone";
import { prisma } from "@/lib/db/client";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import type { ForwardedCallEnd } from "@/lib/telephony/call-events";

/**
 * A caller a menu sent to an outside number is done with it (the Dial's
 * action): the call is logged like any inbound call (no agent; the outcome
 * and talk time are the outside leg's), once per CallSid, linked to the
 * caller's contact. A forward nobody answered tells the caller so.
 */
export async function logForwardedCall({ organizationId, end }: { organizationId: number; end: ForwardedCallEnd }): Promise<VoiceAnswer> {
  const contact = isE164(end.from) ? await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: organizationId, phone: end.from } }, select: { id: true } }) : null;
  await prisma.$transaction((tx) =>
    endCall(tx, {
      organizationId,
      log: {
        organization_id: organizationId,
        department_id: null,
        user_id: null,
        contact_id: contact?.id ?? null,
        direction: "inbound",
        phone_number: end.from || "anonymous",
        call_sid: end.callSid,
        status: end.status,
        duration: end.duration,
        wait_seconds: 0,
        answered_at: end.status === "completed" ? new Date(Date.now() - end.duration * 1000) : null,
      },
    }),
  );
  if (end.status === "completed") return { kind: "nothing" };
  return { kind: "say-and-hang-up", message: "Sorry, nobody could take your call at that number. Please try again later. Goodbye." };
}
