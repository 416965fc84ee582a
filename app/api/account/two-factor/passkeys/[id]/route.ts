import { removeOwnPasskey } from "@/lib/sign-in/two-factor/account-two-factor";
import { optionalCodeSchema } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const DELETE = route({ params: idParams, body: optionalCodeSchema }, ({ user, params, body, request }) => removeOwnPasskey(user, params.id, body.code, clientAddress(request)));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
