import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { placeManualCall } from "@/lib/telephony/place-manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(placeManualCall);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
