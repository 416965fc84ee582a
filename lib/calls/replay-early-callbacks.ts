import "server-only";
import { prisma } from "@/lib/db/client";
import { applyConferenceEvent } from "./apply-conference-event";
import { partyLegEnded } from "./party-leg-ended";
import { runSql } from "@/lib/db/run-sql";
import type { ConferenceChange } from "@/lib/telephony/call-events";

/**
 * The dial's answer named a leg and everything it changes is recorded: the
 * callbacks that came for the leg before (keepEarlyCallback) are applied now,
 * in the order they came. Taken with one DELETE, so a kept callback is
 * applied once here.
 */
export async function replayEarlyCallbacks(organizationId: number, legSid: string): Promise<void> {
  const kept = await runSql(prisma).rows<{ id: bigint; source: string; data: Record<string, string> }>`
    DELETE FROM early_leg_callbacks WHERE organization_id = ${organizationId} AND leg_sid = ${legSid} RETURNING id, source, data`;
  for (const { source, data } of kept.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (source === "conference") {
      await applyConferenceEvent({ organizationId, event: { liveCallId: BigInt(data.liveCallId), change: data.change as ConferenceChange, conferenceSid: data.conferenceSid, legSid } });
    } else {
      await partyLegEnded({ organizationId, participantId: BigInt(data.participantId), legSid });
    }
  }
}
