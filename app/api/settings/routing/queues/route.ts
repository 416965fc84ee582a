import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { queueListAnswer } from "@/lib/routing/routing-answer";
import { listQueues } from "@/lib/routing/queue-members";

// Settings → Routing: the queues and who serves them (issue 23).
export const GET = route({ permission: "settings.manage", answers: queueListAnswer }, ({ user }) => listQueues({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
