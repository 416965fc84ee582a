import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { finishPasskeyRegistration } from "@/lib/two-factor/passkey-registration";
import { addPasskeySchema, addedPasskeyAnswer } from "@/lib/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";

export const POST = route({ body: addPasskeySchema, answers: addedPasskeyAnswer }, ({ user, body }) =>
  finishPasskeyRegistration(user, { name: body.name, response: body.response as RegistrationResponseJSON }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
