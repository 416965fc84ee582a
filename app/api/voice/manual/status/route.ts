import { recordManualCall } from "@/lib/telephony/manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(recordManualCall);
