import { transferCall } from "@/lib/calls/transfer-call";
import { transferSchema } from "@/lib/calls/transfer-target";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { transferAnswer } from "@/lib/calls/live-call-answer";

export const POST = route({ permission: "calls.place", params: callSidParams, body: transferSchema, answers: transferAnswer }, ({ user, params, body }) =>
  transferCall({ actor: user, callSid: params.call_sid, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
