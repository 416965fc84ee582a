import "server-only";
import { prisma } from "@/lib/db/client";
import { recordingConsentsOf, type RecordingConsents } from "@/lib/recordings/recording-consent";

export type RecordingPauses = Map<string, { paused_at: Date; resumed_at: Date | null; reason: "agent" | "payment" }[]>;

/** The pauses of these calls' recordings, by call, in order: one statement for a page of calls. */
export async function recordingPausesOf(organizationId: number, callSids: string[]): Promise<RecordingPauses> {
  const pauses: RecordingPauses = new Map();
  if (callSids.length === 0) return pauses;
  const rows = await prisma.recordingPause.findMany({
    where: { organization_id: organizationId, call_sid: { in: callSids } },
    select: { call_sid: true, paused_at: true, resumed_at: true, reason: true },
    orderBy: { paused_at: "asc" },
  });
  for (const row of rows)
    pauses.set(row.call_sid, [...(pauses.get(row.call_sid) ?? []), { paused_at: row.paused_at, resumed_at: row.resumed_at, reason: row.reason === "payment" ? "payment" : "agent" }]);
  return pauses;
}

/** What call logs show of their recordings besides the file: the pauses and the consent, for a page of calls. */
export async function recordingFactsOf(organizationId: number, callSids: string[]): Promise<{ pauses: RecordingPauses; consents: RecordingConsents }> {
  const [pauses, consents] = await Promise.all([recordingPausesOf(organizationId, callSids), recordingConsentsOf(organizationId, callSids)]);
  return { pauses, consents };
}
