import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { sealSecrets } from "@/lib/crypto/secret-box";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { newVerificationToken } from "./domain-claim";
import { discoverIssuer } from "./oidc-client";
import { fetchProviderDocument } from "./provider-document";
import { parseIdpMetadata } from "./saml-metadata";
import { providerAddressProblem } from "./provider-address";
import { getSsoSettings } from "./get-sso-settings";
import type { SsoSettingsAnswer, SsoSettingsInput } from "./schemas";

/** The provider's side of a SAML connection, from its metadata (fetched or uploaded). */
async function samlProvider(saml: NonNullable<SsoSettingsInput["saml"]>) {
  let xml = saml.metadata_xml;
  if (saml.metadata_url) {
    try {
      xml = await fetchProviderDocument(saml.metadata_url);
    } catch (error) {
      throw AppError.validation({ "saml.metadata_url": [`The metadata could not be read: ${(error as Error).message}`] });
    }
  }
  const metadata = parseIdpMetadata(xml ?? "");
  const field = saml.metadata_url ? "saml.metadata_url" : "saml.metadata_xml";
  if (typeof metadata === "string") throw AppError.validation({ [field]: [`The metadata ${metadata}.`] });
  const problem = await providerAddressProblem(metadata.sso_url);
  if (problem) throw AppError.validation({ [field]: [`The provider's sign-in address ${problem}.`] });
  return { saml_entity_id: metadata.entity_id, saml_sso_url: metadata.sso_url, saml_certificate: metadata.certificate, saml_metadata_url: saml.metadata_url ?? null };
}

/**
 * Sets up (or changes) the organization's single sign-on. Everything the
 * service will fetch is read now (the OpenID discovery document, the SAML
 * metadata), so a mistyped address is refused here and not at the next
 * sign-in. A domain another organization holds verified is refused (409); a
 * new domain is claimed pending, with a token of its own to publish, and a
 * domain kept keeps its claim (verified stays verified). The break-glass
 * account must be an active admin of this organization.
 */
export async function saveSsoSettings({ actor, input }: { actor: SessionUser; input: SsoSettingsInput }): Promise<SsoSettingsAnswer> {
  const organizationId = actor.organization_id;
  if (input.break_glass_user_id) {
    const admin = await prisma.user.findFirst({
      where: { id: input.break_glass_user_id, organization_id: organizationId, active: true, role: { in: ["account_admin", "super_admin"] } },
      select: { id: true },
    });
    if (!admin) throw AppError.validation({ break_glass_user_id: ["The break-glass account must be an active admin of this organization."] });
  }
  if (input.new_user_department_id) {
    const department = await prisma.department.findFirst({ where: { id: input.new_user_department_id, organization_id: organizationId }, select: { id: true } });
    if (!department) throw AppError.validation({ new_user_department_id: ["The selected department is invalid."] });
  }
  const existing = await prisma.ssoConnection.findUnique({ where: { organization_id: organizationId }, select: { id: true, oidc_secret_sealed: true, protocol: true } });

  let provider;
  if (input.protocol === "oidc" && input.oidc) {
    await discoverIssuer(input.oidc.issuer, { fresh: true });
    const kept = existing?.protocol === "oidc" ? existing.oidc_secret_sealed : null;
    provider = {
      oidc_issuer: input.oidc.issuer,
      oidc_client_id: input.oidc.client_id,
      oidc_secret_sealed: input.oidc.client_secret ? sealSecrets({ client_secret: input.oidc.client_secret }) : kept,
      saml_entity_id: null,
      saml_sso_url: null,
      saml_certificate: null,
      saml_metadata_url: null,
    };
  } else {
    provider = { oidc_issuer: null, oidc_client_id: null, oidc_secret_sealed: null, ...(await samlProvider(input.saml!)) };
  }

  // Pending claims elsewhere block nobody: anyone may type a domain, only its owner can prove it.
  const claimed = await prisma.ssoDomain.findMany({
    where: { domain: { in: input.domains }, verified_at: { not: null }, ...(existing && { connection_id: { not: existing.id } }) },
    select: { domain: true },
  });
  if (claimed.length)
    throw AppError.conflict(`${claimed.map((d) => d.domain).join(", ")} already signs in through another organization's single sign-on.`, {
      errors: { domains: [`${claimed[0].domain} is already covered elsewhere.`] },
    });

  const settings = {
    protocol: input.protocol,
    enabled: input.enabled,
    sso_only: input.sso_only,
    create_users: input.create_users,
    new_user_department_id: input.new_user_department_id,
    break_glass_user_id: input.break_glass_user_id,
    idp_enforces_mfa: input.idp_enforces_mfa,
    directory_departments: input.directory_departments,
    ...provider,
  };
  await prisma.$transaction(async (tx) => {
    const connection = await tx.ssoConnection.upsert({ where: { organization_id: organizationId }, create: { organization_id: organizationId, ...settings }, update: settings, select: { id: true } });
    const domains = [...new Set(input.domains)];
    await tx.ssoDomain.deleteMany({ where: { connection_id: connection.id, domain: { notIn: domains } } });
    // A domain already claimed keeps its row (its token, its verification): skipped here.
    await tx.ssoDomain.createMany({ data: domains.map((domain) => ({ domain, connection_id: connection.id, verification_token: newVerificationToken() })), skipDuplicates: true });
    const { oidc_secret_sealed, saml_certificate, ...shown } = settings;
    await writeAuditLog(tx, {
      organization_id: organizationId,
      department_id: null,
      user_id: actor.id,
      action: "settings.sso_changed",
      subject_type: "organization",
      subject_id: organizationId,
      details: { ...shown, domains: input.domains, client_secret_changed: Boolean(input.oidc?.client_secret), certificate_set: Boolean(saml_certificate), secret_set: Boolean(oidc_secret_sealed) },
    });
  });
  return getSsoSettings(organizationId);
}
