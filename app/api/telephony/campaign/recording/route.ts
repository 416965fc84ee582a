import { attachRecording } from "@/lib/calls/attach-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { campaignCall, recordingReport } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

// A campaign call's recording names its own CallSid (the call log's).
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = recordingReport(params, query);
  if (campaignCall(params, query) && report?.callSid) await attachRecording({ organizationId, callSid: report.callSid, queueEntryId: null, recordingUrl: report.recordingUrl });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
