import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { conferenceSeatFor } from "@/lib/calls/move-call-to-conference";
import { finishQueueEntry } from "@/lib/queue/finish-queue-entry";
import { queueLeft } from "@/lib/telephony/voice-callbacks";
import { voiceRoute } from "@/lib/telephony/voice-route";

export const POST = voiceRoute(async ({ params, organizationId }) => {
  const left = queueLeft(params);
  if (!left) return;
  // The agent's leg was moved into a conference (hold, transfer…): the caller follows it there; the call goes on.
  const seat = await conferenceSeatFor({ organizationId, callSid: left.callSid, leg: "customer" });
  if (seat) return seat;
  await finishQueueEntry({ organizationId, ...left });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
