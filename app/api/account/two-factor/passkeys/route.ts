import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { addOwnPasskey } from "@/lib/sign-in/two-factor/account-two-factor";
import { addPasskeySchema, addedPasskeyAnswer } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ body: addPasskeySchema, answers: addedPasskeyAnswer }, ({ user, body, request }) =>
  addOwnPasskey(user, { name: body.name, response: body.response as RegistrationResponseJSON }, clientAddress(request)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
