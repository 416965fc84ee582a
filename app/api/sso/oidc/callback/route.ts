import { finishOidc } from "@/lib/sign-in/sso/finish-oidc";
import { ssoLanding } from "@/lib/sign-in/sso/sso-landing";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// The OpenID provider sends the browser back here (the redirect URI admins register).
export const GET = route({ auth: false, status: 303 }, ({ request }) => ssoLanding(() => finishOidc(request.url)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
