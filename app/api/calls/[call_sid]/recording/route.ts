import { playCallRecording } from "@/lib/recordings/play-call-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { callRecordingSchema, setCallRecording } from "@/lib/calls/set-call-recording";
import { liveCallAnswer } from "@/lib/calls/live-call-answer";
import { recordingQuery, wantsDownload } from "@/lib/recordings/schemas";

// Played by the pages' <audio> elements, which send the session cookie, not a bearer token.
export const GET = route({ permission: "calls.read", params: callSidParams, query: recordingQuery, webSession: true }, ({ user, params, query, request }) =>
  playCallRecording({ actor: user, callSid: params.call_sid, range: request.headers.get("range"), download: wantsDownload(query) }),
);

// Pause or resume the recording of a call in progress (its agent, or a supervisor in scope).
export const POST = route({ permission: "calls.place", params: callSidParams, body: callRecordingSchema, answers: liveCallAnswer }, ({ user, params, body }) =>
  setCallRecording({ actor: user, callSid: params.call_sid, state: body.state }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
