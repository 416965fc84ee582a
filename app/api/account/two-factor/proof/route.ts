import { proveIdentity } from "@/lib/sign-in/two-factor/identity-proof";
import { identityProofAnswer, identityProofSchema } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// The session proves its user before changing a second factor (issue 59, point 3).
export const POST = route({ body: identityProofSchema, answers: identityProofAnswer }, ({ user, body, request }) => proveIdentity(user, body, clientAddress(request)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
