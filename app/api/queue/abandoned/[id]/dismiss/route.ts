import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { followedUpAnswer } from "@/lib/queue/entries/waiting-call-answer";
import { followUp } from "@/lib/queue/follow-ups";

export const POST = route({ permission: "queue.handle", params: bigIdParams, answers: followedUpAnswer }, ({ user, params }) => followUp({ actor: user, id: params.id, action: "dismiss" }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
