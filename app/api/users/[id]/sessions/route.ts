import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { endUserSessions } from "@/lib/sign-in/sessions/end-session";
import { listUserSessions } from "@/lib/sign-in/sessions/list-sessions";
import { endedSessionsAnswer, sessionsAnswer } from "@/lib/sign-in/sessions/schemas";

export const GET = route({ permission: "users.read", params: idParams, answers: sessionsAnswer }, ({ user, params }) => listUserSessions({ actor: user, userId: params.id }));

export const DELETE = route({ permission: "users.write", params: idParams, answers: endedSessionsAnswer }, ({ user, params }) => endUserSessions({ actor: user, userId: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "DELETE"]);
