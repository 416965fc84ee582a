import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { applyCallStatus } from "@/lib/telephony/call-status-update";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(applyCallStatus);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
