import { z } from "zod";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { voiceTokenAnswer } from "@/lib/twilio/settings/voice-token-answer";
import { issueVoiceToken } from "@/lib/twilio/settings/voice-token";

const voiceTokenSchema = z.object({ recording_enabled: z.boolean().default(false) });

export const POST = route({ permission: "calls.place", body: voiceTokenSchema, answers: voiceTokenAnswer }, ({ user, body }) =>
  issueVoiceToken({ actor: user, recordingEnabled: body.recording_enabled }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
