import "server-only";
import { prisma } from "@/lib/db/client";
import type { CallbackContext } from "@/lib/telephony/provider-route";
import { emptyTwiml } from "@/lib/telephony/twiml";

/** A recording address the pages may play: the provider's (https) or the simulator's own path. */
export function playableRecordingUrl(url: string | undefined): url is string {
  return Boolean(url && (/^https:\/\//.test(url) || /^\/api\/dev\/recordings\/CA[0-9A-Za-z]{32}$/.test(url)));
}

/**
 * POST /api/telephony/recording: the provider has the recording of an
 * answered queue call (the agent's Dial records it; `entry` in the callback
 * address names the queue entry, whose CallSid is the call log's). The first
 * recording stays; a retry changes nothing.
 */
export async function attachQueueCallRecording({ params, query, organizationId }: CallbackContext): Promise<string> {
  const entryId = /^\d{1,15}$/.test(query.get("entry") ?? "") ? BigInt(query.get("entry")!) : null;
  if (!entryId || !playableRecordingUrl(params.RecordingUrl) || (params.RecordingStatus && params.RecordingStatus !== "completed")) return emptyTwiml();
  const entry = await prisma.queueEntry.findFirst({ where: { id: entryId, organization_id: organizationId }, select: { call_sid: true } });
  if (entry) await prisma.callLog.updateMany({ where: { call_sid: entry.call_sid, organization_id: organizationId, recording_url: null }, data: { recording_url: params.RecordingUrl } });
  return emptyTwiml();
}
