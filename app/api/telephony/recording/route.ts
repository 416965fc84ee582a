import { attachRecording } from "@/lib/calls/attach-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { recordingReport } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = recordingReport(params, query);
  if (report?.queueEntryId) await attachRecording({ organizationId, ...report });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
