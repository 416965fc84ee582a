import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { voicemailReport } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";
import { transcribeVoicemail } from "@/lib/calls/voicemail/leave-voicemail";

// The provider's transcription of a voicemail (TranscriptionText), when it has one.
export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const report = voicemailReport(params, query);
  await transcribeVoicemail({ organizationId, callSid: report.callSid, transcription: report.transcription });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
