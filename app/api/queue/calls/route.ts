import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { listWaitingCalls } from "@/lib/queue/list-waiting-calls";

export const GET = route({ permission: "queue.handle" }, ({ user }) => listWaitingCalls({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
