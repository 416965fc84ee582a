import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { listOffers } from "@/lib/offers/list-offers";
import { offerListAnswer } from "@/lib/offers/schemas";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "queue.handle", answers: offerListAnswer }, ({ user }) => listOffers({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
