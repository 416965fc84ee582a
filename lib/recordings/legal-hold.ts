import "server-only";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

export const legalHoldSchema = z.object({ on: z.boolean({ error: "on must be true (hold) or false (release)." }) });
export const legalHoldAnswer = z.object({ legal_hold: z.boolean() });

/** A legal hold on one call: its recording outlives the retention policy until it is released. Audited. */
export async function holdCallRecording({ actor, callSid, on }: { actor: SessionUser; callSid: string; on: boolean }) {
  const call = await prisma.callLog.findFirst({ where: { call_sid: callSid, organization_id: actor.organization_id }, select: { id: true, department_id: true } });
  if (!call) throw AppError.notFound();
  await prisma.callLog.updateMany({ where: { id: call.id, organization_id: actor.organization_id }, data: { legal_hold_at: on ? new Date() : null } });
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: call.department_id,
    user_id: actor.id,
    action: on ? "legal_hold.placed" : "legal_hold.released",
    subject_type: "call_log",
    subject_id: call.id,
    details: { call_sid: callSid },
  });
  return { legal_hold: on };
}

/** A legal hold on a contact: the recordings of all their calls outlive the retention policy until it is released. Audited. */
export async function holdContactRecordings({ actor, contactId, on }: { actor: SessionUser; contactId: bigint; on: boolean }) {
  const contact = await prisma.contact.findFirst({ where: { id: contactId, organization_id: actor.organization_id }, select: { id: true, department_id: true } });
  if (!contact) throw AppError.notFound();
  await prisma.contact.updateMany({ where: { id: contact.id, organization_id: actor.organization_id }, data: { legal_hold_at: on ? new Date() : null } });
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    department_id: contact.department_id,
    user_id: actor.id,
    action: on ? "legal_hold.placed" : "legal_hold.released",
    subject_type: "contact",
    subject_id: contact.id,
    details: {},
  });
  return { legal_hold: on };
}
