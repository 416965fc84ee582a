import { playVoicemailRecording } from "@/lib/recordings/play-voicemail-recording";
import { recordingQuery, wantsDownload } from "@/lib/recordings/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

// Played by the Voicemails page's <audio> elements, with the session cookie.
export const GET = route({ permission: "queue.handle", params: bigIdParams, query: recordingQuery, webSession: true }, ({ user, params, query, request }) =>
  playVoicemailRecording({ actor: user, id: params.id, range: request.headers.get("range"), download: wantsDownload(query) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
