"use client";

import "@/lib/http/zod-messages";
import { useState, type FormEvent } from "react";
import { ssoSettingsInputSchema } from "@/lib/sign-in/sso/schemas";
import { fieldErrors } from "@/lib/http/validation";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow } from "./use-settings-form";
import { SsoDomainClaims } from "./sso-domain-claims";

/** Single sign-on (issue 46): the provider, the domains it covers, SSO only with its break-glass admin, and new agents. */
export function SsoSettingsForm() {
  const token = useApiToken();
  const loaded = useApiGet("/api/settings/sso", {});
  const admins = useApiGet("/api/users", { query: { per_page: 100, role: "account_admin" } });
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [protocol, setProtocol] = useState<"oidc" | "saml" | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const data = loaded.data;
  if (!data) return <SkeletonRows rows={4} />;
  const chosen = protocol ?? data.protocol ?? "oidc";
  const error = (field: string) => errors[field]?.[0];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const id = (name: string) => (text(name) ? Number(text(name)) : null);
    const input = {
      protocol: chosen,
      enabled: form.get("enabled") === "on",
      domains: text("domains")
        .split(/[\s,]+/)
        .filter(Boolean),
      sso_only: form.get("sso_only") === "on",
      break_glass_user_id: id("break_glass_user_id"),
      create_users: form.get("create_users") === "on",
      new_user_department_id: id("new_user_department_id"),
      idp_enforces_mfa: form.get("idp_enforces_mfa") === "on",
      directory_departments: form.get("directory_departments") === "on",
      ...(chosen === "oidc"
        ? { oidc: { issuer: text("issuer"), client_id: text("client_id"), ...(text("client_secret") && { client_secret: text("client_secret") }) } }
        : { saml: text("metadata_xml") ? { metadata_xml: text("metadata_xml") } : { metadata_url: text("metadata_url") } }),
    };
    const parsed = ssoSettingsInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      await loaded.mutate(await apiFetch<NonNullable<typeof loaded.data>>("/api/settings/sso", token!, { method: "PUT", body: JSON.stringify(parsed.data) }), { revalidate: false });
      setErrors({});
      setSaved(true);
    } catch (e) {
      setErrors(submitErrors(e));
    } finally {
      setPending(false);
    }
  };

  const provider = data.service_provider;
  return (
    <form className="panel stack" onSubmit={submit} aria-label="Single sign-on settings" noValidate>
      <h2>Single sign-on</h2>
      <p className="hint">People of the domains below sign in through your identity provider (Okta, Entra ID, Google Workspace, Keycloak…). The README says what to enter at each.</p>
      <fieldset className="field">
        <legend>Protocol</legend>
        <label>
          <input type="radio" name="protocol" value="oidc" checked={chosen === "oidc"} onChange={() => setProtocol("oidc")} /> OpenID Connect
        </label>{" "}
        <label>
          <input type="radio" name="protocol" value="saml" checked={chosen === "saml"} onChange={() => setProtocol("saml")} /> SAML 2.0
        </label>
      </fieldset>
      <div className="field">
        <span className="hint">
          At your provider, enter:{" "}
          {chosen === "oidc" ? (
            <>
              redirect URI <code>{provider.oidc_redirect_uri}</code>
            </>
          ) : (
            <>
              entity id (audience) <code>{provider.saml_entity_id}</code>, assertion consumer service (ACS) <code>{provider.saml_acs_url}</code>, or give it our metadata at that same entity id address
            </>
          )}
        </span>
      </div>
      {chosen === "oidc" ? (
        <>
          <div className="field">
            <label htmlFor="sso-issuer">Issuer URL</label>
            <input id="sso-issuer" name="issuer" type="url" defaultValue={data.oidc?.issuer} placeholder="https://example.okta.com" />
            <FieldError message={error("oidc.issuer") ?? error("issuer") ?? error("oidc")} />
          </div>
          <div className="field">
            <label htmlFor="sso-client-id">Client id</label>
            <input id="sso-client-id" name="client_id" defaultValue={data.oidc?.client_id} autoComplete="off" />
            <FieldError message={error("oidc.client_id")} />
          </div>
          <div className="field">
            <label htmlFor="sso-client-secret">Client secret</label>
            <input id="sso-client-secret" name="client_secret" type="password" autoComplete="new-password" placeholder={data.oidc?.client_secret_set ? "Set: leave empty to keep it" : ""} />
            <span className="hint">Write-only: stored encrypted, never shown again.</span>
            <FieldError message={error("oidc.client_secret")} />
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor="sso-metadata-url">Provider metadata URL</label>
            <input id="sso-metadata-url" name="metadata_url" type="url" defaultValue={data.saml?.metadata_url ?? ""} />
            <FieldError message={error("saml.metadata_url") ?? error("saml")} />
          </div>
          <div className="field">
            <label htmlFor="sso-metadata-xml">…or paste its metadata XML</label>
            <textarea id="sso-metadata-xml" name="metadata_xml" rows={4} />
            <FieldError message={error("saml.metadata_xml")} />
          </div>
          {data.saml && (
            <p className="hint">
              Now: {data.saml.entity_id}, signing in at {data.saml.sso_url}.
            </p>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor="sso-domains">Email domains it covers</label>
        <input id="sso-domains" name="domains" defaultValue={data.domains.join(", ")} placeholder="example.com, example.org" />
        <FieldError message={error("domains") ?? Object.entries(errors).find(([k]) => k.startsWith("domains."))?.[1][0]} />
      </div>
      <SsoDomainClaims
        claims={data.domain_claims}
        onVerified={(claim) => loaded.mutate({ ...data, domain_claims: data.domain_claims.map((c) => (c.domain === claim.domain ? claim : c)) }, { revalidate: false })}
      />
      <label>
        <input type="checkbox" name="enabled" defaultChecked={data.configured ? data.enabled : true} /> On
      </label>
      <div className="field">
        <label>
          <input type="checkbox" name="sso_only" defaultChecked={data.sso_only} /> SSO only: refuse password sign-in to this organization&apos;s people
        </label>
        <label htmlFor="sso-break-glass">Break-glass account (keeps its password, for when the provider is down)</label>
        <select id="sso-break-glass" name="break_glass_user_id" defaultValue={data.break_glass_user?.id ?? ""}>
          <option value="">None</option>
          {admins.data?.data.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name} ({admin.email})
            </option>
          ))}
        </select>
        <FieldError message={error("break_glass_user_id")} />
      </div>
      <div className="field">
        <label>
          <input type="checkbox" name="idp_enforces_mfa" defaultChecked={data.idp_enforces_mfa} /> The provider enforces multi-factor sign-in: do not ask a second factor set up here after it
        </label>
        <p className="hint">Off, people who set up an authenticator or a passkey here are asked for it after the provider signs them in.</p>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" name="directory_departments" defaultChecked={data.directory_departments} /> Place people in the department their directory names
        </label>
        <p className="hint">Provisioning (SCIM) sends a department with each person: when one here has that name, they join it. Off, or with no such department, groups decide.</p>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" name="create_users" defaultChecked={data.create_users} /> Create an unknown person of these domains as an agent at their first sign-in
        </label>
        <label htmlFor="sso-department">New agents join</label>
        <select id="sso-department" name="new_user_department_id" defaultValue={data.new_user_department_id ?? ""}>
          <option value="">Choose a department</option>
          {departments.data?.data.map((department) => (
            <option key={department.id} value={department.id}>
              {department.name}
            </option>
          ))}
        </select>
        <FieldError message={error("new_user_department_id")} />
      </div>
      <SaveRow pending={pending} saved={saved} formError={error("form")} />
    </form>
  );
}
