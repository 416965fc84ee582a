import "server-only";
import { env } from "@/lib/env";
import { providerConfig } from "@/lib/twilio/provider-config";
import { providerRestClient } from "@/lib/twilio/rest-client";
import { AppError } from "@/lib/errors/app-error";
import { simulatedRecordingAudio, simulatedRecordingPath } from "@/lib/twilio/simulator/simulated-recording";

/** A recording as the port names it: the call it belongs to, the address and id the provider reported, its length. */
export interface StoredRecording {
  callSid: string;
  url: string | null;
  sid: string | null;
  seconds: number | null;
}

/** The provider's recording id in an address it reported (…/Recordings/RE…), or null. */
const recordingSidIn = (url: string | null) => /\/Recordings\/(RE[0-9a-fA-F]{32})/.exec(url ?? "")?.[1] ?? null;

/**
 * A recording's audio: the simulator's own, or the provider's, fetched with
 * the organization's credentials (the media address needs them when the
 * account protects its recordings, and the browser never sees it either
 * way). A Range asked is passed on, so a player can seek without the whole
 * file. Null when there is nothing to fetch it from.
 */
export async function recordingMedia(organizationId: number, recording: StoredRecording, range: string | null): Promise<Response | null> {
  if (recording.url === simulatedRecordingPath(recording.callSid)) {
    const body = simulatedRecordingAudio(recording.seconds ?? 1);
    return new Response(new Uint8Array(body), { headers: { "Content-Type": "audio/wav", "Content-Length": String(body.length) } });
  }
  const sid = recording.sid ?? recordingSidIn(recording.url);
  const config = await providerConfig(organizationId);
  if (!sid || !config.account_sid || !config.auth_token) return null;
  const base = (env().TWILIO_API_BASE_URL ?? "https://api.twilio.com").replace(/\/$/, "");
  return fetch(`${base}/2010-04-01/Accounts/${config.account_sid}/Recordings/${sid}.mp3`, {
    headers: { Authorization: `Basic ${Buffer.from(`${config.account_sid}:${config.auth_token}`).toString("base64")}`, ...(range && { Range: range }) },
    signal: AbortSignal.timeout(15_000),
  });
}

/**
 * Deletes a recording at the provider (the retention policy, an erasure). The
 * simulator's recordings are nowhere but here; a recording the provider no
 * longer has (404) is as good as deleted.
 */
export async function deleteRecording(organizationId: number, recording: Omit<StoredRecording, "seconds">): Promise<void> {
  if (recording.url === simulatedRecordingPath(recording.callSid)) return;
  const sid = recording.sid ?? recordingSidIn(recording.url);
  const rest = providerRestClient(await providerConfig(organizationId));
  if (!sid || !rest) return;
  try {
    await rest.recordings(sid).remove();
  } catch (error) {
    if ((error as { status?: number }).status === 404) return;
    throw new AppError("upstream", `The telephony provider could not delete the recording ${sid}: ${(error as Error).message}`);
  }
}
