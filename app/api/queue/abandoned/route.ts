import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { followUpListAnswer } from "@/lib/queue/follow-up-answer";
import { listFollowUps } from "@/lib/queue/follow-ups";

// Abandoned calls of the queues the user serves, to call back (issue 23).
export const GET = route({ permission: "queue.handle", answers: followUpListAnswer }, ({ user }) => listFollowUps({ actor: user }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
