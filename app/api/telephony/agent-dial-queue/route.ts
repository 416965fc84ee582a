import { agentDialQueue } from "@/lib/queue/agent-dial-queue";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(agentDialQueue);
