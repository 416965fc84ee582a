import "server-only";
import { prisma } from "@/lib/db/client";
import { domainClaimAnswer } from "./domain-claim";
import { oidcRedirectUri } from "./oidc-client";
import { samlAcsUrl, samlEntityId } from "./saml-service-provider";
import type { SsoSettingsAnswer } from "./schemas";

/** An organization's single sign-on as its admins see it: the client secret only as "set". */
export async function getSsoSettings(organizationId: number): Promise<SsoSettingsAnswer> {
  const connection = await prisma.ssoConnection.findUnique({
    where: { organization_id: organizationId },
    include: { domains: { orderBy: { domain: "asc" } }, break_glass_user: { select: { id: true, name: true, email: true } } },
  });
  const service_provider = { oidc_redirect_uri: oidcRedirectUri(), saml_entity_id: samlEntityId(organizationId), saml_acs_url: samlAcsUrl(), saml_metadata_url: samlEntityId(organizationId) };
  if (!connection) {
    return {
      configured: false,
      protocol: null,
      enabled: false,
      domains: [],
      domain_claims: [],
      sso_only: false,
      create_users: false,
      new_user_department_id: null,
      break_glass_user: null,
      idp_enforces_mfa: false,
      directory_departments: false,
      oidc: null,
      saml: null,
      service_provider,
    };
  }
  return {
    configured: true,
    protocol: connection.protocol as "oidc" | "saml",
    enabled: connection.enabled,
    domains: connection.domains.map((d) => d.domain),
    domain_claims: connection.domains.map(domainClaimAnswer),
    sso_only: connection.sso_only,
    create_users: connection.create_users,
    new_user_department_id: connection.new_user_department_id,
    break_glass_user: connection.break_glass_user,
    idp_enforces_mfa: connection.idp_enforces_mfa,
    directory_departments: connection.directory_departments,
    oidc: connection.protocol === "oidc" ? { issuer: connection.oidc_issuer ?? "", client_id: connection.oidc_client_id ?? "", client_secret_set: Boolean(connection.oidc_secret_sealed) } : null,
    saml: connection.protocol === "saml" ? { entity_id: connection.saml_entity_id ?? "", sso_url: connection.saml_sso_url ?? "", metadata_url: connection.saml_metadata_url } : null,
    service_provider,
  };
}
