import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { declineOffer } from "@/lib/offers/decline-offer";
import { declinedOfferAnswer } from "@/lib/offers/schemas";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "queue.handle", params: bigIdParams, answers: declinedOfferAnswer }, ({ user, params }) => declineOffer({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
