import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { waitingCallListAnswer } from "@/lib/queue/entries/waiting-call-answer";
import { listWaitingCalls } from "@/lib/queue/list-waiting-calls";

export const GET = route({ permission: "queue.handle", answers: waitingCallListAnswer }, ({ user }) => listWaitingCalls({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
