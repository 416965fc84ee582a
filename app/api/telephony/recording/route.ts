import { attachRecording } from "@/lib/calls/attach-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { recordingReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A call's one recording is ready (the status callback of the recording started on its customer's leg).
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = recordingReport(params, query);
  if (report && (report.callSid || report.queueEntryId)) await attachRecording({ organizationId, callSid: report.callSid, queueEntryId: report.queueEntryId, recording: report.recording });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
