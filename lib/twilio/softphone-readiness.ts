import "server-only";
import { providerConfig } from "@/lib/twilio/provider-config";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";

/**
 * How the organization's softphone starts: `enabled`, the simulator plays the
 * provider; `voice_ready`, a browser device can get a token (without it the
 * page uses the simulator, or says why not, and never asks for one). The app
 * frame hands it to the page so the phone starts without a request.
 */
export async function telephonyReadiness(organizationId: number) {
  const config = await providerConfig(organizationId);
  const voiceReady = Boolean(config.account_sid && config.api_key_sid && config.api_key_secret && config.twiml_app_sid);
  return { enabled: simulatorEnabled(config), voice_ready: voiceReady, config };
}
