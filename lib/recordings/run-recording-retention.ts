import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";

const BATCH = 200;

export interface RecordingRetentionReport {
  enabled: boolean;
  dry_run: boolean;
  recording_retention_days: number | null;
  /** Call recordings and voicemails deleted (or, in a dry run, that would be). */
  deleted_calls: number;
  deleted_voicemails: number;
  /** Past retention, kept by a legal hold on the call or its contact. */
  kept_on_hold: number;
  /** The provider did not delete them: kept here, tried again at the next run. */
  failed: number;
}

/**
 * One organization's recording retention (issue 47, point 3): the recordings
 * of calls and voicemails older than `recording_retention_days` are deleted
 * at the provider, then here (the call log keeps its call, not its
 * recording, and says when it went); a legal hold on the call or on its
 * contact keeps them. A recording the provider fails to delete stays and is
 * tried again next time. `asOf` is the run's "now" (a test server's clock).
 */
export async function runRecordingRetention({
  organizationId,
  userId,
  dryRun = false,
  asOf = new Date(),
}: {
  organizationId: number;
  userId: number | null;
  dryRun?: boolean;
  asOf?: Date;
}): Promise<RecordingRetentionReport> {
  const days = (await getSettings(organizationId, "calls")).recording_retention_days;
  const report: RecordingRetentionReport = { enabled: days !== null, dry_run: dryRun, recording_retention_days: days, deleted_calls: 0, deleted_voicemails: 0, kept_on_hold: 0, failed: 0 };
  if (days === null) return report;
  const cutoff = new Date(asOf.getTime() - days * 86_400_000);
  const expired = { organization_id: organizationId, recording_url: { not: null }, created_at: { lt: cutoff } };
  const unheld = { legal_hold_at: null, OR: [{ contact_id: null }, { contact: { legal_hold_at: null } }] };
  report.kept_on_hold = await prisma.callLog.count({ where: { ...expired, NOT: unheld } });

  if (dryRun) {
    report.deleted_calls = await prisma.callLog.count({ where: { ...expired, ...unheld } });
    report.deleted_voicemails = await prisma.voicemail.count({ where: { ...expired, OR: [{ contact_id: null }, { contact: { legal_hold_at: null } }] } });
    return report;
  }

  const failedCalls: bigint[] = [];
  for (;;) {
    const calls = await prisma.callLog.findMany({
      where: { ...expired, ...unheld, id: { notIn: failedCalls } },
      select: { id: true, call_sid: true, recording_url: true, recording_sid: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (calls.length === 0) break;
    const gone: bigint[] = [];
    for (const call of calls) {
      // At the provider first, and never inside a transaction: a row is cleared only once its recording is gone there.
      try {
        await telephony().deleteRecording(organizationId, { callSid: call.call_sid, url: call.recording_url, sid: call.recording_sid });
        gone.push(call.id);
      } catch (error) {
        failedCalls.push(call.id);
        logger.warn("recording not deleted at the provider", { organization_id: organizationId, call_sid: call.call_sid, error: (error as Error).message });
      }
    }
    const cleared = await prisma.callLog.updateMany({
      where: { id: { in: gone }, organization_id: organizationId },
      data: { recording_url: null, recording_sid: null, recording_duration: null, recording_deleted_at: new Date() },
    });
    report.deleted_calls += cleared.count;
  }
  report.failed += failedCalls.length;

  const failedVoicemails: bigint[] = [];
  for (;;) {
    const voicemails = await prisma.voicemail.findMany({
      where: { ...expired, OR: [{ contact_id: null }, { contact: { legal_hold_at: null } }], id: { notIn: failedVoicemails } },
      select: { id: true, call_sid: true, recording_url: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (voicemails.length === 0) break;
    const gone: bigint[] = [];
    for (const voicemail of voicemails) {
      try {
        await telephony().deleteRecording(organizationId, { callSid: voicemail.call_sid, url: voicemail.recording_url, sid: null });
        gone.push(voicemail.id);
      } catch (error) {
        failedVoicemails.push(voicemail.id);
        logger.warn("voicemail recording not deleted at the provider", { organization_id: organizationId, call_sid: voicemail.call_sid, error: (error as Error).message });
      }
    }
    const cleared = await prisma.voicemail.updateMany({ where: { id: { in: gone }, organization_id: organizationId }, data: { recording_url: null, recording_deleted_at: new Date() } });
    report.deleted_voicemails += cleared.count;
  }
  report.failed += failedVoicemails.length;

  await writeAuditLog(prisma, {
    organization_id: organizationId,
    user_id: userId,
    action: "recordings.retention_run",
    subject_type: "organization",
    subject_id: organizationId,
    details: { ...report, as_of: asOf.toISOString() },
  });
  return report;
}
