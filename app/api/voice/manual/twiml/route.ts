import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { manualCallTwiml } from "@/lib/telephony/manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(manualCallTwiml);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
