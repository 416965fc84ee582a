"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";

const PROTOCOL = { oidc: "OpenID Connect", saml: "SAML" } as const;

/**
 * The identity a user's single sign-on is bound to, and its unlinking: for a
 * person the provider now names otherwise (a re-hire, a changed NameID), who
 * is refused until the binding goes; their next sign-in binds again.
 */
export function SsoIdentity({ userId, name }: { userId: number; name: string }) {
  const token = useApiToken();
  const { data, error, mutate } = useApiGet("/api/users/{id}/sso-identity", { path: { id: userId } });
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (!data?.protocol && !data?.bound) return error ? <ErrorAlert error={error} prefix="Could not read the single sign-on identity" /> : null;
  const unlink = async () => {
    if (!window.confirm(`Unlink ${name}'s single sign-on identity? Their next sign-in through your provider binds them again.`)) return;
    setPending(true);
    setFailure(null);
    try {
      await apiSend("delete", "/api/users/{id}/sso-identity", token!, { path: { id: userId } });
      setNotice(`${name}'s single sign-on identity was unlinked.`);
      await mutate();
    } catch (e) {
      setFailure(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="stack" aria-label={`${name}'s single sign-on identity`}>
      <h3 style={{ margin: 0 }}>Single sign-on</h3>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorAlert error={failure} prefix="Could not unlink it" />
      {data.bound ? (
        <>
          <p className="small">
            Bound to <code>{data.subject}</code>
            {data.protocol && <> at your {PROTOCOL[data.protocol]} provider</>}.
          </p>
          <p className="small muted">Unlink it when your provider now names them otherwise (a re-hire, a changed NameID): they are refused until it goes.</p>
          <div>
            <button type="button" className="button secondary" disabled={pending} onClick={unlink}>
              {pending ? "Unlinking…" : "Unlink identity"}
            </button>
          </div>
        </>
      ) : (
        <p className="small muted">Not bound yet: their first sign-in through your provider binds them.</p>
      )}
    </section>
  );
}
