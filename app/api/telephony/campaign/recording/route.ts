import { attachRecording } from "@/lib/calls/attach-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { campaignCall, recordingReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// A campaign call dialed before issue 40 (recorded by the dial itself): its recording names its own CallSid (the call log's).
// Calls dialed since are recorded like every call, reported at /api/telephony/recording.
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = recordingReport(params, query);
  if (campaignCall(params, query) && report?.legSid) await attachRecording({ organizationId, callSid: report.legSid, queueEntryId: null, recording: report.recording });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
