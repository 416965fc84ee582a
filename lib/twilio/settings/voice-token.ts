import "server-only";
import twilio from "twilio";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors/app-error";
import { identityFor } from "@/lib/twilio/identity";
import { providerConfig } from "@/lib/twilio/provider-config";

export const VOICE_TOKEN_TTL_SECONDS = 3600;

/** A JWT for the browser device: the caller's identity, a voice grant for the configured application. */
export async function issueVoiceToken({ actor, recordingEnabled }: { actor: SessionUser; recordingEnabled: boolean }) {
  const config = await providerConfig(actor.organization_id);
  if (!config.account_sid || !config.api_key_sid || !config.api_key_secret || !config.twiml_app_sid) {
    throw new AppError("unavailable", "Telephony is not configured for this organization.");
  }
  const identity = identityFor(actor.id);
  const token = new twilio.jwt.AccessToken(config.account_sid, config.api_key_sid, config.api_key_secret, { identity, ttl: VOICE_TOKEN_TTL_SECONDS });
  token.addGrant(
    new twilio.jwt.AccessToken.VoiceGrant({
      outgoingApplicationSid: config.twiml_app_sid,
      outgoingApplicationParams: { recording: recordingEnabled ? "true" : "false" },
      incomingAllow: true,
    }),
  );
  return { token: token.toJwt(), identity, expires_in: VOICE_TOKEN_TTL_SECONDS };
}
