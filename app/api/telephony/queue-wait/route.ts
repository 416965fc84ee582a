import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { holdAnnouncementInTime } from "@/lib/queue/hold-announcement";
import { inboundCall } from "@/lib/twilio/in/voice-callbacks";
import { voiceRoute } from "@/lib/twilio/in/voice-route";

// Hold music, and at the plan's interval the caller's place in their queue and
// the expected wait, or the music alone while the database is slow (our own line: each call has a provider queue of its own,
// so the provider's QueuePosition and AvgQueueTime say nothing).
export const POST = voiceRoute(({ params, organizationId }) => {
  const call = inboundCall(params);
  return holdAnnouncementInTime({ organizationId, callSid: call.callSid, to: call.to });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
