import { manualCallTwiml } from "@/lib/telephony/manual-call";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(manualCallTwiml);
