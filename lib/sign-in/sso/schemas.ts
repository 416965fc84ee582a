import { z } from "zod";
import { timestamp } from "@/lib/http/answer-schemas";

// Single sign-on settings (Settings → Single sign-on, PUT /api/settings/sso):
// shared by the route and the form.

export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "Enter a domain such as example.com.");

export const ssoSettingsInputSchema = z
  .object({
    protocol: z.enum(["oidc", "saml"]),
    enabled: z.boolean().default(true),
    domains: z.array(domainSchema).min(1, "Enter at least one email domain.").max(20, "Twenty domains at most."),
    sso_only: z.boolean().default(false),
    create_users: z.boolean().default(false),
    new_user_department_id: z.number().int().positive().nullable().default(null),
    break_glass_user_id: z.number().int().positive().nullable().default(null),
    /** The provider enforces multi-factor itself: a second factor set up here is not asked again after its sign-in. */
    idp_enforces_mfa: z.boolean().default(false),
    /** The directory's department attribute (SCIM's enterprise department) puts a person in the department of that name, when one exists. */
    directory_departments: z.boolean().default(false),
    oidc: z
      .object({
        issuer: z.url({ message: "Enter the issuer's address (https://...)." }).max(2048),
        client_id: z.string().trim().min(1, "Enter the client id.").max(255),
        /** Write-only: left out, the stored secret stays. */
        client_secret: z.string().min(1, "Enter the client secret.").max(2000).optional(),
      })
      .optional(),
    saml: z
      .object({
        metadata_url: z.url({ message: "Enter the metadata's address (https://...)." }).max(2048).optional(),
        metadata_xml: z.string().max(500_000, "The metadata is larger than 500 KB.").optional(),
      })
      .refine((saml) => Boolean(saml.metadata_url) !== Boolean(saml.metadata_xml), { message: "Give the metadata's address or its XML, one of the two.", path: ["metadata_url"] })
      .optional(),
  })
  .refine((input) => input.protocol !== "oidc" || input.oidc, { message: "Enter the OpenID Connect provider's details.", path: ["oidc"] })
  .refine((input) => input.protocol !== "saml" || input.saml, { message: "Give the SAML provider's metadata.", path: ["saml"] })
  .refine((input) => !input.sso_only || input.break_glass_user_id, { message: "Choose the admin who keeps password sign-in (the break-glass account).", path: ["break_glass_user_id"] })
  .refine((input) => !input.create_users || input.new_user_department_id, { message: "Choose the department new agents join.", path: ["new_user_department_id"] });

export type SsoSettingsInput = z.infer<typeof ssoSettingsInputSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** An organization's claim on a domain: it counts (routes sign-ins, creates users, keeps others off) once verified. */
export const ssoDomainClaimSchema = z
  .object({
    domain: z.string(),
    status: z.enum(["pending", "verified"]),
    verified_at: timestamp.nullable(),
    txt_record: z
      .object({ name: z.string(), type: z.literal("TXT"), value: z.string() })
      .meta({ description: "The record that proves the domain is the organization's: publish it at the domain's DNS, then POST …/verify" }),
  })
  .meta({ id: "SsoDomainClaim" });

export type SsoDomainClaim = z.infer<typeof ssoDomainClaimSchema>;

/** `{ domain }` of a claim in a route's path: a malformed one is a claim that does not exist (404). */
export const domainParams = z.object({ domain: domainSchema });

export const ssoSettingsAnswerSchema = z.object({
  configured: z.boolean(),
  protocol: z.enum(["oidc", "saml"]).nullable(),
  enabled: z.boolean(),
  domains: z.array(z.string()),
  /** The same domains with where each stands: pending (with the record to publish) or verified. */
  domain_claims: z.array(ssoDomainClaimSchema),
  sso_only: z.boolean(),
  create_users: z.boolean(),
  new_user_department_id: z.number().int().nullable(),
  break_glass_user: personSchema.nullable(),
  idp_enforces_mfa: z.boolean(),
  directory_departments: z.boolean(),
  oidc: z.object({ issuer: z.string(), client_id: z.string(), client_secret_set: z.boolean() }).nullable(),
  saml: z.object({ entity_id: z.string(), sso_url: z.string(), metadata_url: z.string().nullable() }).nullable(),
  /** What to enter at the provider. */
  service_provider: z.object({ oidc_redirect_uri: z.string(), saml_entity_id: z.string(), saml_acs_url: z.string(), saml_metadata_url: z.string() }),
});

export type SsoSettingsAnswer = z.infer<typeof ssoSettingsAnswerSchema>;

export const ssoStartSchema = z.object({ email: z.string().trim().toLowerCase().email("Enter your work email address.").max(255) });
export const ssoFinishSchema = z.object({ ticket: z.string().min(1).max(200), state: z.string().min(1).max(200) });
export const ssoStartAnswer = z.object({
  redirect_url: z.string().meta({ description: "Send the browser here: the identity provider's sign-in" }),
  state: z.string().meta({ description: "This sign-in's state (also set as the cc_sso_state cookie): POST /api/login/sso/finish needs it with the ticket" }),
  protocol: z.enum(["oidc", "saml"]),
});

/** A user's binding to the provider's identity (GET /api/users/{id}/sso-identity): what their first single sign-on bound them to. */
export const ssoIdentityAnswer = z
  .object({
    bound: z.boolean(),
    subject: z.string().nullable().meta({ description: "The provider's subject (OpenID Connect's sub, SAML's NameID) the user is bound to; null before their first single sign-on" }),
    protocol: z.enum(["oidc", "saml"]).nullable().meta({ description: "The organization's single sign-on, if any" }),
  })
  .meta({ id: "SsoIdentity" });

export type SsoIdentity = z.infer<typeof ssoIdentityAnswer>;
