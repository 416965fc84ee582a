import { startSso } from "@/lib/sign-in/sso/start-sso";
import { ssoStartAnswer, ssoStartSchema } from "@/lib/sign-in/sso/schemas";
import { ssoStateCookie } from "@/lib/sign-in/sso/sso-state-cookie";
import { clientAddress } from "@/lib/http/client-address";
import { jsonResponse } from "@/lib/http/json";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// The browser keeps the sign-in's state as a cookie: only it may finish the sign-in.
export const POST = route({ auth: false, body: ssoStartSchema, answers: ssoStartAnswer }, async ({ body, request }) => {
  const started = await startSso({ email: body.email, clientAddress: clientAddress(request) });
  return jsonResponse(started, 200, { "Set-Cookie": ssoStateCookie(started.state) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
