import "server-only";
import { prisma } from "@/lib/db/client";
import { telephony } from "@/lib/telephony/port";
import type { Person } from "./find-person";

/** The person's call and voicemail recordings still held, here and at the provider. */
export async function personRecordings(person: Person) {
  const organization_id = person.organizationId;
  const [calls, voicemails] = await Promise.all([
    prisma.callLog.findMany({
      where: { organization_id, call_sid: { in: person.callSids }, recording_url: { not: null } },
      select: { id: true, call_sid: true, recording_url: true, recording_sid: true },
      orderBy: { id: "asc" },
    }),
    prisma.voicemail.findMany({
      where: { organization_id, call_sid: { in: person.callSids }, recording_url: { not: null } },
      select: { id: true, call_sid: true, recording_url: true },
      orderBy: { id: "asc" },
    }),
  ]);
  return { calls, voicemails, count: calls.length + voicemails.length };
}

/**
 * The first step of an erasure: each recording deleted at the provider, then
 * cleared here, one by one, never inside a transaction. A recording the
 * provider will not delete stops the erasure before anything else is erased
 * (an erasure that left audio behind would say it erased what it did not);
 * run again, it starts from the recordings still held.
 */
export async function eraseRecordings(person: Person, progress: (done: number) => Promise<void>): Promise<number> {
  const { calls, voicemails } = await personRecordings(person);
  let done = 0;
  for (const call of calls) {
    await telephony().deleteRecording(person.organizationId, { callSid: call.call_sid, url: call.recording_url, sid: call.recording_sid });
    await prisma.callLog.updateMany({
      where: { id: call.id, organization_id: person.organizationId },
      data: { recording_url: null, recording_sid: null, recording_duration: null, recording_deleted_at: new Date() },
    });
    await progress(++done);
  }
  for (const voicemail of voicemails) {
    await telephony().deleteRecording(person.organizationId, { callSid: voicemail.call_sid, url: voicemail.recording_url, sid: null });
    await prisma.voicemail.updateMany({ where: { id: voicemail.id, organization_id: person.organizationId }, data: { recording_url: null, recording_deleted_at: new Date() } });
    await progress(++done);
  }
  return done;
}
