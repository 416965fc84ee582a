import { wrapUpCall, wrapUpCallSchema } from "@/lib/calls/wrap-up-call";
import { callLogAnswer } from "@/lib/calls/call-log-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const PATCH = route({ permission: "calls.read", params: bigIdParams, body: wrapUpCallSchema, answers: callLogAnswer }, ({ user, params, body }) =>
  wrapUpCall({ actor: user, id: params.id, input: body }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["PATCH"]);
