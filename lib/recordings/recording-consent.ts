import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { ConsentAnnouncement } from "./consent-announcement";

export type ConsentOutcome = "announced" | "declined";
export type RecordingConsents = Map<string, { outcome: ConsentOutcome; method: "text" | "audio"; digit: string | null; decided_at: Date }>;

/**
 * What the person on the call was told and chose (issue 47, point 1), kept
 * once per call: the first decision stands (a retried callback, or a key
 * pressed after the call was routed, changes nothing).
 */
export async function recordConsent({
  organizationId,
  callSid,
  outcome,
  announcement,
  digit = null,
}: {
  organizationId: number;
  callSid: string;
  outcome: ConsentOutcome;
  announcement: ConsentAnnouncement;
  digit?: string | null;
}): Promise<void> {
  if (!callSid) return;
  const method = announcement.audioUrl ? "audio" : "text";
  await runSql(prisma).count`
    INSERT INTO recording_consents (call_sid, organization_id, outcome, method, digit) VALUES (${callSid}, ${organizationId}, ${outcome}, ${method}, ${digit})
    ON CONFLICT (call_sid) DO NOTHING`;
}

/** The person on this call declined its recording: nothing may record it. */
export async function recordingDeclined(organizationId: number, callSid: string): Promise<boolean> {
  return (await prisma.recordingConsent.count({ where: { organization_id: organizationId, call_sid: callSid, outcome: "declined" } })) > 0;
}

/** The consents of these calls, by call: one statement for a page of call logs. */
export async function recordingConsentsOf(organizationId: number, callSids: string[]): Promise<RecordingConsents> {
  const consents: RecordingConsents = new Map();
  if (callSids.length === 0) return consents;
  const rows = await prisma.recordingConsent.findMany({ where: { organization_id: organizationId, call_sid: { in: callSids } } });
  for (const row of rows)
    consents.set(row.call_sid, { outcome: row.outcome === "declined" ? "declined" : "announced", method: row.method === "audio" ? "audio" : "text", digit: row.digit, decided_at: row.decided_at });
  return consents;
}
