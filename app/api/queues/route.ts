import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { listQueues } from "@/lib/queues/list-queues";
import { queuePageAnswer } from "@/lib/queues/schemas";
import { route } from "@/lib/server/route";

export const GET = route({ permission: "queue.handle", answers: queuePageAnswer }, ({ user }) => listQueues({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
