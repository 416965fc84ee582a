import { cancelTransfer } from "@/lib/calls/cancel-transfer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { liveCallAnswer } from "@/lib/calls/live-call-answer";

export const POST = route({ permission: "calls.place", params: callSidParams, answers: liveCallAnswer }, ({ user, params }) => cancelTransfer({ actor: user, callSid: params.call_sid }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
