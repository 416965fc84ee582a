import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { acceptedCallAnswer } from "@/lib/queue/entries/waiting-call-answer";
import { acceptCall } from "@/lib/queue/accept-call";

export const POST = route({ permission: "queue.handle", params: bigIdParams, answers: acceptedCallAnswer }, ({ user, params }) => acceptCall({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
