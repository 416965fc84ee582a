import { answerManualCall } from "@/lib/calls/answer-manual-call";
import { endManualCall } from "@/lib/calls/end-manual-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { manualCallAnswered, manualCallEnd } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const answered = manualCallAnswered(params, query);
  if (answered) return void (await answerManualCall({ organizationId, ...answered }));
  const end = manualCallEnd(params, query);
  if (end) return endManualCall({ organizationId, end });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
