import { passkeyOptionsAtSignIn } from "@/lib/sign-in/passkey-options-at-sign-in";
import { passkeyOptionsAnswer, setupAtSignInSchema } from "@/lib/sign-in/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ auth: false, body: setupAtSignInSchema, answers: passkeyOptionsAnswer }, async ({ body }) => ({ ...(await passkeyOptionsAtSignIn(body.challenge)) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
