import { queuePosition } from "@/lib/queue/list-waiting-calls";
import { providerRoute } from "@/lib/telephony/provider-route";
import { holdTwiml } from "@/lib/telephony/twiml";

export const POST = providerRoute(async ({ params }) => holdTwiml(await queuePosition(params.CallSid ?? "")));
