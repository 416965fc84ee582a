import { applyCallStatus } from "@/lib/telephony/call-status-update";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(applyCallStatus);
