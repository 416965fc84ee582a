import { getAgentStatus, setAgentStatus, setAgentStatusSchema } from "@/lib/agents/agent-status";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "queue.handle" }, ({ user }) => getAgentStatus({ actor: user }));

export const POST = route({ permission: "queue.handle", body: setAgentStatusSchema }, ({ user, body }) =>
  setAgentStatus({ actor: user, status: body.status }),
);
