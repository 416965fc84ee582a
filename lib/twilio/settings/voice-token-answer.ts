import { z } from "zod";

/** POST /api/voice/token (voice-token.ts): the browser device's access token. */
export const voiceTokenAnswer = z.object({
  token: z.string().meta({ description: "The provider's access token (a JWT) for the browser's device" }),
  identity: z.string().meta({ description: "The device's client identity: calls to it reach this user" }),
  expires_in: z.number().int().meta({ description: "Seconds until the token expires; ask for a new one before" }),
});
