import { getAgentStatus, setAgentStatusSchema } from "@/lib/agents/agent-status";
import { agentStatusAnswer, setAgentStatusAnswer } from "@/lib/agents/agent-status-answer";
import { setAgentStatus } from "@/lib/agents/set-agent-status";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "queue.handle", answers: agentStatusAnswer }, ({ user }) => getAgentStatus({ actor: user }));

export const POST = route({ permission: "queue.handle", body: setAgentStatusSchema, answers: setAgentStatusAnswer }, ({ user, body }) => setAgentStatus({ actor: user, status: body.status }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
