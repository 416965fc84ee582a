import { passkeyProofOptions } from "@/lib/sign-in/two-factor/identity-proof";
import { passkeyOptionsAnswer } from "@/lib/sign-in/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// A passkey's proof starts here: the options name the user's passkeys and a challenge kept on this session.
export const POST = route({ answers: passkeyOptionsAnswer }, async ({ user }) => ({ ...(await passkeyProofOptions(user)) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
