import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentDialQueue } from "@/lib/queue/agent-dial-queue";
import { placeManualCall } from "@/lib/telephony/place-manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

// The TwiML application's voice address: a device either joins the call its
// agent accepted (QueueEntryId) or places a manual call (To).
export const POST = providerRoute((ctx) => (ctx.params.QueueEntryId || ctx.params.QueueName ? agentDialQueue(ctx) : placeManualCall(ctx)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
