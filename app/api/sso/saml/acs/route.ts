import { finishSaml } from "@/lib/sign-in/sso/finish-saml";
import { ssoLanding } from "@/lib/sign-in/sso/sso-landing";
import { readBodyText } from "@/lib/http/read-body";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

// The SAML provider posts its response here (HTTP-POST binding): a form, not JSON, bounded at 512 KB.
export const POST = route({ auth: false, status: 303 }, ({ request }) =>
  ssoLanding(async () => {
    const form = new URLSearchParams(await readBodyText(request, 512 * 1024));
    return finishSaml({ samlResponse: form.get("SAMLResponse"), relayState: form.get("RelayState") });
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
