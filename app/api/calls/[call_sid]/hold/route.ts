import { holdCall, holdCallSchema } from "@/lib/calls/hold-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { liveCallAnswer } from "@/lib/calls/live-call-answer";

export const POST = route({ permission: "calls.place", params: callSidParams, body: holdCallSchema, answers: liveCallAnswer }, ({ user, params, body }) =>
  holdCall({ actor: user, callSid: params.call_sid, on: body.on }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
