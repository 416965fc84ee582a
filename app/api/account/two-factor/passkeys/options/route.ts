import { startOwnPasskey } from "@/lib/sign-in/two-factor/account-two-factor";
import { passkeyOptionsAnswer } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ answers: passkeyOptionsAnswer }, async ({ user, request }) => ({ ...(await startOwnPasskey(user, clientAddress(request))) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
