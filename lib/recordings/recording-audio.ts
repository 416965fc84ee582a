import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";

const PASSED_ON = ["content-type", "content-length", "content-range", "accept-ranges"];

/**
 * The audio of a recording, streamed through this service: the simulator's
 * own, or the provider's, fetched with the organization's credentials (a
 * player's Range passed on both ways). Never cached by a browser or proxy
 * beyond the request: who may hear it is checked every time.
 */
export async function recordingAudio({
  organizationId,
  recording,
  range,
  download,
}: {
  organizationId: number;
  recording: { callSid: string; url: string | null; sid: string | null; seconds: number | null };
  range: string | null;
  download: boolean;
}): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const media = await telephony().recordingMedia(organizationId, recording, range);
  if (!media) throw AppError.notFound();
  if (media.status === 404) throw new AppError("not_found", "The provider no longer has this recording.");
  if (!media.ok) throw AppError.upstream(`The provider did not give the recording (${media.status}).`);
  for (const name of PASSED_ON) {
    const value = media.headers.get(name);
    if (value) headers.set(name, value);
  }
  const extension = headers.get("content-type")?.includes("wav") ? "wav" : "mp3";
  if (download) headers.set("Content-Disposition", `attachment; filename="recording-${recording.callSid}.${extension}"`);
  return new Response(media.body, { status: media.status, headers });
}

/** A play is logged once, not once per chunk a player asks for: the first request of a play has no Range or starts at 0. */
export const startsAPlay = (range: string | null) => !range || /^bytes=0-/.test(range.trim());
