import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { ConferenceChange } from "@/lib/telephony/call-events";

/** A callback kept for a leg not known yet: a conference's join or leave, or the leg's own final status. */
export type EarlyCallback = { source: "conference"; liveCallId: bigint; change: ConferenceChange; conferenceSid: string } | { source: "party"; participantId: bigint };

/** Kept callbacks older than this are leftovers (a leg that was never ours): dropped as new ones come. */
const KEPT_FOR_MINUTES = 10;

/**
 * The provider may report a dialed leg (its answer, its join, its end)
 * before its answer to the dial names the leg (issue 40: a 2.5 s answer lost
 * the target's join, and the caller stayed on hold). What such a callback
 * says is kept under the leg's CallSid, and applied when the dial's answer
 * is recorded (replayEarlyCallbacks). The caller re-checks after keeping it:
 * whichever of the two comes second applies it (applying twice changes
 * nothing).
 */
export async function keepEarlyCallback(organizationId: number, legSid: string, callback: EarlyCallback): Promise<void> {
  const { source, ...data } = callback;
  const json = JSON.stringify(data, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
  await runSql(prisma).count`
    WITH stale AS (DELETE FROM early_leg_callbacks WHERE organization_id = ${organizationId} AND received_at < now() - make_interval(mins => ${KEPT_FOR_MINUTES}))
    INSERT INTO early_leg_callbacks (organization_id, leg_sid, source, data) VALUES (${organizationId}, ${legSid}, ${source}, ${json}::jsonb)`;
}
