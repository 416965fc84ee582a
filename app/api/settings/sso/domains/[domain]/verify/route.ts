import { verifySsoDomain } from "@/lib/sign-in/sso/verify-sso-domain";
import { domainParams, ssoDomainClaimSchema } from "@/lib/sign-in/sso/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "settings.manage", params: domainParams, answers: ssoDomainClaimSchema }, ({ user, params }) => verifySsoDomain({ actor: user, domain: params.domain }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
