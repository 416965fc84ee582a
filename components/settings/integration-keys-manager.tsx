"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { formatDate, formatDateTime } from "@/lib/client/format/display";
import { useState, type FormEvent } from "react";
import { KEY_FAMILIES } from "@/lib/auth/permissions";
import { fieldErrors } from "@/lib/http/validation";
import { createIntegrationKeySchema } from "@/lib/sign-in/integrations/schemas";
import { submitErrors } from "@/lib/client/swr/api-fetch";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SecretShownOnce } from "./secret-shown-once";

/** One key, as GET /api/integration-keys answers it. */
type IntegrationKey = GetAnswer<"/api/integration-keys">["data"][number];

const FAMILY_LABEL: Record<(typeof KEY_FAMILIES)[number], string> = {
  contacts: "Contacts",
  calls: "Calls",
  campaigns: "Campaigns",
  messages: "Messages",
  reports: "Reports",
  users: "Users",
  scim: "Directory provisioning (SCIM)",
};
const when = (at: string | null) => (at ? formatDateTime(at) : "never");

/**
 * Settings → Integrations (issue 24): API keys for systems. A key's secret is
 * shown once, right after it is made; the list shows each key's scopes, whose
 * it is (its maker's, or the organization's: issue 59), its last use and its
 * state, and revokes it.
 */
export function IntegrationKeysManager() {
  const token = useApiToken();
  const keys = useApiGet("/api/integration-keys", {});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [pending, setPending] = useState(false);
  if (!keys.data) return <SkeletonRows rows={3} />;

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const scopes = Object.fromEntries(
      KEY_FAMILIES.flatMap((family) => {
        const v = String(f.get(`scope-${family}`) ?? "");
        return v ? [[family, v]] : [];
      }),
    );
    const expires = String(f.get("expires_at") ?? "");
    const parsed = createIntegrationKeySchema.safeParse({
      name: String(f.get("name") ?? ""),
      scopes,
      organization_key: f.get("organization_key") === "on",
      expires_at: expires ? new Date(expires).toISOString() : null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    setErrors({});
    try {
      const made = await apiSend("post", "/api/integration-keys", token!, { body: parsed.data });
      setSecret({ name: made.name, value: made.secret });
      form.reset();
      await keys.mutate();
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  };
  const revoke = async (key: IntegrationKey) => {
    if (!window.confirm(`Revoke “${key.name}”? Its next request will be refused.`)) return;
    await apiSend("delete", "/api/integration-keys/{id}", token!, { path: { id: key.id } });
    await keys.mutate();
  };

  return (
    <div className="stack">
      <section className="panel stack" aria-labelledby="new-key-title">
        <h2 id="new-key-title">New integration key</h2>
        <p className="small muted">
          For a system, not a person: a CRM, a billing tool, a data warehouse. It goes in the same <code>Authorization: Bearer</code> header as a user&apos;s token, reaches only the families you open,
          and every request it makes is in the audit log.
        </p>
        {secret && <SecretShownOnce label="New key secret" title={`Copy the key for “${secret.name}” now: it is not shown again.`} value={secret.value} />}
        <form className="stack" onSubmit={create} noValidate aria-label="New integration key">
          <div className="field">
            <label htmlFor="key-name">Name</label>
            <input id="key-name" name="name" placeholder="CRM sync" aria-invalid={!!errors.name} />
            <FieldError message={errors.name?.[0]} />
          </div>
          <fieldset className="field">
            <legend>What it may do</legend>
            <div className="grid-2" style={{ gridTemplateColumns: "repeat(auto-fill, minmax(min(180px, 100%), 1fr))" }}>
              {KEY_FAMILIES.map((family) => (
                <div className="field" key={family}>
                  <label htmlFor={`scope-${family}`}>{FAMILY_LABEL[family]}</label>
                  <select id={`scope-${family}`} name={`scope-${family}`} defaultValue="">
                    <option value="">No access</option>
                    <option value="read">Read</option>
                    <option value="write">Read and write</option>
                  </select>
                </div>
              ))}
            </div>
            <FieldError message={errors.scopes?.[0] ?? Object.entries(errors).find(([k]) => k.startsWith("scopes."))?.[1]?.[0]} />
          </fieldset>
          <div className="field">
            <div className="field inline" style={{ margin: 0 }}>
              <input id="key-organization" name="organization_key" type="checkbox" aria-describedby="key-organization-hint" />
              <label htmlFor="key-organization">The organization&apos;s key</label>
            </div>
            <span id="key-organization-hint" className="hint">
              Otherwise the key is yours: it stops working if you are deactivated or are no longer an admin. The organization&apos;s key keeps working whoever made it (a directory&apos;s, say); revoke
              it when it is no longer needed.
            </span>
          </div>
          <div className="field">
            <label htmlFor="key-expires">Expires (optional)</label>
            <input id="key-expires" name="expires_at" type="datetime-local" aria-invalid={!!errors.expires_at} />
            <FieldError message={errors.expires_at?.[0]} />
          </div>
          <FieldError message={errors.form?.[0]} />
          <div>
            <button type="submit" className="button" disabled={pending}>
              {pending ? "Creating…" : "Create key"}
            </button>
          </div>
        </form>
      </section>

      <section className="panel stack" aria-labelledby="keys-title">
        <h2 id="keys-title">Integration keys</h2>
        {keys.data.data.length === 0 ? (
          <p className="muted">No keys yet. Create one above for each system that talks to the API.</p>
        ) : (
          <div className="table-wrap">
            <table className="data" aria-label="Integration keys">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>May</th>
                  <th>Last used</th>
                  <th>Expires</th>
                  <th>State</th>
                  <th>
                    <span className="sr-only">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.data.map((key) => (
                  <tr key={key.id}>
                    <td>
                      <strong>{key.name}</strong>
                      {key.organization_key && (
                        <>
                          {" "}
                          <span className="badge info">organization key</span>
                        </>
                      )}
                      <div className="small muted">
                        {key.organization_key ? "made" : "held"} by {key.created_by.name}, {formatDate(key.created_at)}
                      </div>
                    </td>
                    <td className="small">
                      {Object.entries(key.scopes)
                        .map(([family, access]) => `${FAMILY_LABEL[family as keyof typeof FAMILY_LABEL]} ${access}`)
                        .join(", ")}
                    </td>
                    <td className="small">{when(key.last_used_at)}</td>
                    <td className="small">{key.expires_at ? when(key.expires_at) : "never"}</td>
                    <td>
                      <span className={`badge ${key.status === "active" ? "ok" : ""}`}>{key.status}</span>
                    </td>
                    <td>
                      {key.status === "active" && (
                        <button type="button" className="button secondary small" onClick={() => void revoke(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
