import { answerManualCall } from "@/lib/calls/answer-manual-call";
import { endManualCall } from "@/lib/calls/end-manual-call";
import { conferenceSeatFor } from "@/lib/calls/move-call-to-conference";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { manualCallAnswered, manualCallEnd } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, query, organizationId }) => {
  const answered = manualCallAnswered(params);
  if (answered) return void (await answerManualCall({ organizationId, ...answered }));
  const end = manualCallEnd(params, query);
  if (!end) return;
  // The agent's Dial ended because the dialed leg was moved into a conference (hold, transfer…): the agent follows it.
  const seat = end.agentLeg ? await conferenceSeatFor({ organizationId, callSid: end.callSid, leg: "agent" }) : null;
  if (seat) return seat;
  await endManualCall({ organizationId, end });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
