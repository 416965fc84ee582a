import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { userAnswer } from "@/lib/users/schemas";
import { serializeUser } from "@/lib/users/serialize-user";

// The token lookup already loaded the caller: no second query.
export const GET = route({ answers: userAnswer }, ({ user }) => serializeUser(user));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
