import { monitorCall, monitorSchema } from "@/lib/calls/monitor-call";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";

export const POST = route({ permission: "calls.monitor", params: callSidParams, body: monitorSchema }, ({ user, params, body }) =>
  monitorCall({ actor: user, callSid: params.call_sid, mode: body.mode }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
