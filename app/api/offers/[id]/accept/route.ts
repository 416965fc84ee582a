import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { acceptOffer } from "@/lib/offers/accept-offer";
import { acceptedCallAnswer } from "@/lib/queue/entries/waiting-call-answer";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "queue.handle", params: bigIdParams, answers: acceptedCallAnswer }, ({ user, params }) => acceptOffer({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
