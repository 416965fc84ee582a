import { removeParticipant } from "@/lib/calls/remove-participant";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams, callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { participantAnswer } from "@/lib/calls/live-call-answer";

const params = callSidParams.extend(bigIdParams.shape);

export const DELETE = route({ permission: "calls.place", params, answers: participantAnswer }, ({ user, params }) =>
  removeParticipant({ actor: user, callSid: params.call_sid, participantId: Number(params.id) }),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
