import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { holdAnnouncement } from "@/lib/queue/hold-announcement";
import { inboundCall } from "@/lib/twilio/in/voice-callbacks";
import { answerInTime, callerWaitsMs } from "@/lib/telephony/answer-in-time";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// Hold music, and at the plan's interval the caller's place in their queue and
// the expected wait (our own line: each call has a provider queue of its own,
// so the provider's QueuePosition and AvgQueueTime say nothing).
export const POST = voiceRoute(({ params, organizationId }) => {
  const call = inboundCall(params);
  // The music alone when the database is slow: the place in line is said on a later turn.
  const music = () => ({ kind: "hold-in-queue", position: null, expectedWaitSeconds: null, callbackOffer: null }) as const;
  return answerInTime(holdAnnouncement({ organizationId, callSid: call.callSid, to: call.to }), callerWaitsMs(), music, "a waiting caller's announcement");
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
