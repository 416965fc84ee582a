import "server-only";
import { providerRoute, type CallbackContext } from "./provider-route";
import { NOTHING, type VoiceAnswer } from "@/lib/telephony/voice-answer";
import { renderVoiceAnswer } from "./render-voice-answer";

/** A voice callback: the provider wrapper (organization, signature), then the domain's answer rendered as TwiML. */
export function voiceRoute(handler: (ctx: CallbackContext) => Promise<VoiceAnswer | void> | VoiceAnswer | void) {
  return providerRoute(async (ctx) => renderVoiceAnswer((await handler(ctx)) ?? NOTHING, ctx.organizationId));
}
