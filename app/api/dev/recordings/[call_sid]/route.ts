import { z } from "zod";
import { simulatedRecording } from "@/lib/twilio/simulator/simulated-recording";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

const params = z.object({ call_sid: z.string().regex(/^CA[0-9A-Za-z]{32}$/) });

// Played by the pages' <audio> elements, which send the session cookie, not a bearer token.
export const GET = route({ permission: "calls.read", params, webSession: true }, ({ user, params }) => simulatedRecording({ actor: user, callSid: params.call_sid }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
