import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { recordManualCall } from "@/lib/telephony/manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(recordManualCall);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
