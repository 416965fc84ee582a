import { revokeSsoDomain } from "@/lib/sign-in/sso/revoke-sso-domain";
import { domainParams } from "@/lib/sign-in/sso/schemas";
import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

const params = idParams.extend(domainParams.shape);

export const DELETE = route({ permission: "sso_domains.revoke", params }, async ({ user, params }) => {
  await revokeSsoDomain({ actor: user, organizationId: params.id, domain: params.domain });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
