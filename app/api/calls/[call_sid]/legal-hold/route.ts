import { holdCallRecording, legalHoldAnswer, legalHoldSchema } from "@/lib/recordings/legal-hold";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "legal_hold.manage", params: callSidParams, body: legalHoldSchema, answers: legalHoldAnswer }, ({ user, params, body }) =>
  holdCallRecording({ actor: user, callSid: params.call_sid, on: body.on }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
