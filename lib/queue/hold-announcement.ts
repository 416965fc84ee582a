import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { findPlan } from "@/lib/settings/find-plan";
import { callPathSettings } from "@/lib/settings/get-settings";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";
import { answerInTime, callerWaitsMs } from "@/lib/telephony/answer-in-time";
import { expectedWaitSeconds, queuePace } from "./expected-wait";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

/**
 * What a waiting caller hears each time the hold loop asks (queue-wait): hold
 * music, and at the plan's interval (60 s without a plan) their place in
 * their queue and the expected wait. The interval is claimed with one
 * conditional update, so a retried request never announces twice. The first
 * estimate a caller hears is kept on their entry (its error is measured).
 */
export async function holdAnnouncement({ organizationId, callSid, to }: { organizationId: number; callSid: string; to: string }): Promise<VoiceAnswer> {
  const plan = findPlan(await callPathSettings(organizationId, "routing"), to);
  const every = plan?.announce_every_seconds ?? 60;
  const offer = plan?.callback_offer ?? null;
  // Without a callback offer only a due announcement needs the entry; with one, how long the caller has waited decides the offer.
  const [due] = await runSql().rows<{ id: string; department_id: number | null; enqueued_at: Date; first: boolean; waited: number; announce: boolean }>(
    `WITH entry AS (
       SELECT id, department_id, enqueued_at, expected_wait_seconds IS NULL AS first, extract(epoch FROM now() - enqueued_at)::int AS waited,
              (announced_at IS NULL OR announced_at <= now() - make_interval(secs => $3::int)) AS announce
       FROM queue_entries WHERE call_sid = $1 AND organization_id = $2 AND status = 'waiting' AND callback_requested_at IS NULL
     ), claimed AS (
       UPDATE queue_entries q SET announced_at = now() FROM entry
       WHERE q.id = entry.id AND entry.announce AND (q.announced_at IS NULL OR q.announced_at <= now() - make_interval(secs => $3::int))
       RETURNING q.id
     )
     SELECT entry.id, entry.department_id, entry.enqueued_at, entry.first, entry.waited, EXISTS (SELECT 1 FROM claimed) AS announce FROM entry`,
    [callSid, organizationId, every],
  );
  const callbackOffer = offer && due && due.waited >= offer.after_seconds ? { digit: offer.digit, path: CALLBACK_PATHS.callbackRequest } : null;
  const music: VoiceAnswer = { kind: "hold-in-queue", position: null, expectedWaitSeconds: null, callbackOffer };
  if (!due?.announce) return music;
  const ahead = await prisma.queueEntry.count({
    where: {
      organization_id: organizationId,
      status: "waiting",
      department_id: due.department_id,
      OR: [{ enqueued_at: { lt: due.enqueued_at } }, { enqueued_at: due.enqueued_at, id: { lt: BigInt(due.id) } }],
    },
  });
  const position = ahead + 1;
  const expected = expectedWaitSeconds(await queuePace(organizationId, due.department_id), position);
  if (due.first) await prisma.queueEntry.updateMany({ where: { id: BigInt(due.id), expected_wait_seconds: null }, data: { expected_wait_seconds: expected ?? -1 } });
  return { kind: "hold-in-queue", position, expectedWaitSeconds: expected, callbackOffer };
}

/** The music alone when the database is slow (answerInTime): the place in line is said on a later turn. */
export function holdAnnouncementInTime(input: { organizationId: number; callSid: string; to: string }): Promise<VoiceAnswer> {
  const music = (): VoiceAnswer => ({ kind: "hold-in-queue", position: null, expectedWaitSeconds: null, callbackOffer: null });
  return answerInTime(holdAnnouncement(input), callerWaitsMs(), music, "a waiting caller's announcement");
}
