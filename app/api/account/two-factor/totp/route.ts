import { removeOwnTotp } from "@/lib/two-factor/account-two-factor";
import { startTotpSetup } from "@/lib/two-factor/start-totp-setup";
import { codeSchema, totpSetupAnswer } from "@/lib/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";

export const POST = route({ answers: totpSetupAnswer }, ({ user }) => startTotpSetup(user));

export const DELETE = route({ body: codeSchema }, ({ user, body, request }) => removeOwnTotp(user, body.code, clientAddress(request)));

export const { GET, PUT, PATCH, OPTIONS } = methodsNotAllowed(["POST", "DELETE"]);
