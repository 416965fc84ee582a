import "server-only";
import { finalCallStatus } from "@/lib/calls/call-status";
import { recordCallLog } from "@/lib/calls/record-call-log";
import { isE164 } from "@/lib/contacts/phone";
import { prisma } from "@/lib/db/client";
import { userIdFromClient } from "./identity";
import type { CallbackContext } from "./provider-route";
import { callbackUrl } from "./provider-config";
import { dialNumberTwiml, emptyTwiml, sayAndHangUp } from "./twiml";

/**
 * The browser dials a number: TwiML that dials `To` when it is E.164 (anything
 * else is a spoken error, never a dial), with the configured caller ID and
 * recording when asked. The contact, when given, rides along in the status
 * address, which the provider signs.
 */
export function manualCallTwiml({ params, config }: CallbackContext): string {
  const to = (params.To ?? "").trim();
  if (!isE164(to)) return sayAndHangUp("Sorry, that number is not valid. Please check it and try again.");
  const contactId = /^\d{1,15}$/.test(params.contactId ?? "") ? params.contactId : null;
  const query = contactId ? `?contactId=${contactId}` : "";
  return dialNumberTwiml({
    to,
    callerId: config.caller_id,
    record: params.recording === "true" || config.recording_enabled,
    actionUrl: callbackUrl(`/api/voice/manual/status${query}`),
    statusUrl: callbackUrl(`/api/voice/manual/status${query}`),
  });
}

/** One outbound-manual call log per CallSid, linked to the contact, when the call ends. */
export async function recordManualCall({ params, query, organizationId }: CallbackContext): Promise<string> {
  const status = finalCallStatus(params.DialCallStatus ?? params.CallStatus);
  const callSid = params.CallSid;
  if (!status || !callSid) return emptyTwiml();
  const userId = userIdFromClient(params.From ?? params.Caller);
  const user = userId ? await prisma.user.findFirst({ where: { id: userId, organization_id: organizationId }, select: { id: true, department_id: true } }) : null;
  const to = params.To ?? params.Called ?? "";
  const requested = /^\d{1,15}$/.test(query.get("contactId") ?? "") ? BigInt(query.get("contactId")!) : null;
  const contact = requested
    ? await prisma.contact.findFirst({ where: { id: requested, organization_id: organizationId }, select: { id: true } })
    : isE164(to)
      ? await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id: organizationId, phone: to } }, select: { id: true } })
      : null;
  const duration = Number(params.DialCallDuration ?? params.CallDuration ?? 0);
  await prisma.$transaction((tx) =>
    recordCallLog(tx, {
      organization_id: organizationId,
      department_id: user?.department_id ?? null,
      user_id: user?.id ?? null,
      contact_id: contact?.id ?? null,
      direction: "outbound-manual",
      phone_number: to.slice(0, 32),
      call_sid: callSid,
      status,
      duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : 0,
      recording_url: params.RecordingUrl ?? null,
    }),
  );
  return emptyTwiml();
}
