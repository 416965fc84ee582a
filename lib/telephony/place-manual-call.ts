import "server-only";
import { publishEvent } from "@/lib/events/publish-event";
import { userIdFromClient } from "./identity";
import { manualCallTwiml } from "./manual-call";
import type { CallbackContext } from "./provider-route";

/** A device dials out: the TwiML that dials, and, when it does, "call started" for whoever may read the agent's calls. */
export async function placeManualCall(ctx: CallbackContext): Promise<string> {
  const twiml = manualCallTwiml(ctx);
  const agent = userIdFromClient(ctx.params.From ?? ctx.params.Caller);
  if (agent !== null && twiml.includes("<Dial")) {
    await publishEvent({
      type: "call.started",
      visibility: "owner",
      record: { organization_id: ctx.organizationId, user_id: agent },
      data: { call_sid: ctx.params.CallSid ?? null, direction: ctx.params.CampaignContactId ? "outbound-campaign" : "outbound-manual", user_id: agent, to: ctx.params.To ?? null },
    });
  }
  return twiml;
}
