import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentDialQueue } from "@/lib/queue/agent-dial-queue";
import { providerRoute } from "@/lib/telephony/provider-route";

export const POST = providerRoute(agentDialQueue);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
