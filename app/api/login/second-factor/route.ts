import { finishSecondFactor } from "@/lib/sign-in/finish-second-factor";
import { secondFactorSchema } from "@/lib/sign-in/two-factor/schemas";
import { loginAnswer } from "@/lib/sign-in/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

export const POST = route({ auth: false, body: secondFactorSchema, answers: loginAnswer }, ({ body, request }) =>
  finishSecondFactor({ challenge: body.challenge, code: body.code, passkey: body.passkey as AuthenticationResponseJSON | undefined, kind: "api", clientAddress: clientAddress(request) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
