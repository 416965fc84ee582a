import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { queuePosition } from "@/lib/queue/list-waiting-calls";
import { voiceRoute } from "@/lib/telephony/voice-route";

// Position comes from our own line (each call has a provider queue of its own,
// so the provider's QueuePosition is always 1); the expected wait falls back
// to the provider's AvgQueueTime when we have no recent answered calls.
export const POST = voiceRoute(async ({ params, organizationId }) => {
  const { position, expectedWaitSeconds } = await queuePosition({ organizationId, callSid: params.CallSid ?? "" });
  const providerAverage = Number(params.AvgQueueTime);
  return { kind: "hold-in-queue", position, expectedWaitSeconds: expectedWaitSeconds ?? (Number.isFinite(providerAverage) && providerAverage > 0 ? providerAverage : null) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
