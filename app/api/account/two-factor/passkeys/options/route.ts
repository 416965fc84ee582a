import { startPasskeyRegistration } from "@/lib/two-factor/passkey-registration";
import { passkeyOptionsAnswer } from "@/lib/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";

export const POST = route({ answers: passkeyOptionsAnswer }, async ({ user }) => ({ ...(await startPasskeyRegistration(user)) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
