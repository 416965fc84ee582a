import { addParticipant } from "@/lib/calls/add-participant";
import { listParticipants } from "@/lib/calls/remove-participant";
import { addParticipantSchema } from "@/lib/calls/transfer-target";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { callSidParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { participantAnswer, participantListAnswer } from "@/lib/calls/live-call-answer";

export const GET = route({ permission: "calls.place", params: callSidParams, answers: participantListAnswer }, ({ user, params }) => listParticipants({ actor: user, callSid: params.call_sid }));

export const POST = route({ permission: "calls.place", params: callSidParams, body: addParticipantSchema, status: 201, answers: participantAnswer }, ({ user, params, body }) =>
  addParticipant({ actor: user, callSid: params.call_sid, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
