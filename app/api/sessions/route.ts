import { bearerTokenId } from "@/lib/auth/tokens";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { listSessions } from "@/lib/sign-in/sessions/list-sessions";
import { sessionsAnswer } from "@/lib/sign-in/sessions/schemas";

export const GET = route({ answers: sessionsAnswer }, ({ user, request }) => listSessions({ actor: user, currentTokenId: bearerTokenId(request.headers.get("authorization")) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
