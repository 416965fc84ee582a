import { monitorCall, monitorSchema } from "@/lib/calls/monitor-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { participantAnswer } from "@/lib/calls/live-call-answer";

export const POST = route({ permission: "calls.monitor", params: callSidParams, body: monitorSchema, answers: participantAnswer }, ({ user, params, body }) =>
  monitorCall({ actor: user, callSid: params.call_sid, mode: body.mode }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
