import { confirmSetupAtSignIn } from "@/lib/sign-in/setup-at-sign-in";
import { confirmAtSignInSchema, recoveryCodesAnswer } from "@/lib/sign-in/two-factor/schemas";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ auth: false, body: confirmAtSignInSchema, answers: recoveryCodesAnswer }, ({ body, request }) =>
  confirmSetupAtSignIn({ challenge: body.challenge, code: body.code, clientAddress: clientAddress(request) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
