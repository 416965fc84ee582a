import { removeOwnTotp, startOwnTotp } from "@/lib/sign-in/two-factor/account-two-factor";
import { optionalCodeSchema, totpSetupAnswer } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ answers: totpSetupAnswer }, ({ user, request }) => startOwnTotp(user, clientAddress(request)));

export const DELETE = route({ body: optionalCodeSchema }, ({ user, body, request }) => removeOwnTotp(user, body.code, clientAddress(request)));

export const { GET, PUT, PATCH, OPTIONS } = methodsNotAllowed(["POST", "DELETE"]);
