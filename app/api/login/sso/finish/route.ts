import { finishSingleSignOn } from "@/lib/sign-in/finish-single-sign-on";
import { ssoFinishSchema } from "@/lib/sign-in/sso/schemas";
import { loginAnswer } from "@/lib/sign-in/schemas";
import { clientAddress, userAgentOf } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ auth: false, body: ssoFinishSchema, answers: loginAnswer }, ({ body, request }) =>
  finishSingleSignOn({ ticket: body.ticket, state: body.state, origin: { kind: "api", address: clientAddress(request), userAgent: userAgentOf(request) } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
