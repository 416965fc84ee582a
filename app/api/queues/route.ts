import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { listQueues } from "@/lib/queue/settings/list-queues";
import { queuePageAnswer } from "@/lib/queue/settings/schemas";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "queue.handle", answers: queuePageAnswer }, ({ user }) => listQueues({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
