import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { endSession } from "@/lib/sign-in/sessions/end-session";

export const DELETE = route({ params: idParams }, ({ user, params }) => endSession({ actor: user, sessionId: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
