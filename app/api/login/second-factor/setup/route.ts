import { startSetupAtSignIn } from "@/lib/sign-in/setup-at-sign-in";
import { setupAtSignInSchema, totpSetupAnswer } from "@/lib/sign-in/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ auth: false, body: setupAtSignInSchema, answers: totpSetupAnswer }, ({ body }) => startSetupAtSignIn(body.challenge));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
