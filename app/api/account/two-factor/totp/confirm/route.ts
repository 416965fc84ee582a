import { confirmOwnTotp } from "@/lib/sign-in/two-factor/account-two-factor";
import { codeSchema, recoveryCodesAnswer } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ body: codeSchema, answers: recoveryCodesAnswer }, ({ user, body, request }) => confirmOwnTotp(user, body.code, clientAddress(request)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
