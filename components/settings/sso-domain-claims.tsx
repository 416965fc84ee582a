"use client";

import { useState } from "react";
import type { components } from "@/lib/client/api/schema";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";

/** A claim as the API sends it (the document's SsoDomainClaim: its date as a string). */
type SsoDomainClaim = components["schemas"]["SsoDomainClaim"];
type Outcome = { ok: boolean; text: string };

/**
 * Where each domain of the single sign-on stands (issue 59): a pending one
 * with the TXT record to publish and a Verify button, a verified one as such.
 * The outcome of a verification is said next to its domain, in a live region.
 */
export function SsoDomainClaims({ claims, onVerified }: { claims: SsoDomainClaim[]; onVerified: (claim: SsoDomainClaim) => void }) {
  const token = useApiToken();
  const [verifying, setVerifying] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  if (claims.length === 0) return null;

  const verify = async (domain: string) => {
    setVerifying(domain);
    setOutcomes((now) => ({ ...now, [domain]: { ok: true, text: "Looking for the record…" } }));
    try {
      const claim = await apiFetch<SsoDomainClaim>(`/api/settings/sso/domains/${encodeURIComponent(domain)}/verify`, token!, { method: "POST" });
      setOutcomes((now) => ({ ...now, [domain]: { ok: true, text: `${domain} is verified: its people sign in through your provider.` } }));
      onVerified(claim);
    } catch (error) {
      const text = error instanceof ApiRequestError ? (error.body?.errors?.domain?.[0] ?? error.message) : String(error);
      setOutcomes((now) => ({ ...now, [domain]: { ok: false, text } }));
    } finally {
      setVerifying(null);
    }
  };

  return (
    <section className="field" aria-labelledby="sso-claims-heading">
      <h3 id="sso-claims-heading">Domain verification</h3>
      <p className="hint">
        A domain counts once it is proved yours: until then nobody signs in through it and no one is created for it. Publish its TXT record at the domain&apos;s DNS provider, then verify.
      </p>
      <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
        {claims.map((claim) => {
          const outcome = outcomes[claim.domain];
          return (
            <li key={claim.domain}>
              <strong>{claim.domain}</strong> {claim.status === "verified" ? <span className="badge ok">Verified</span> : <span className="badge warn">Pending</span>}
              {claim.status === "pending" && (
                <div className="row" style={{ alignItems: "center", flexWrap: "wrap" }}>
                  <span className="hint">
                    TXT record on <code>{claim.txt_record.name}</code>, value <code>{claim.txt_record.value}</code>
                  </span>
                  <button type="button" className="button secondary small" aria-label={`Verify ${claim.domain}`} disabled={verifying !== null} onClick={() => verify(claim.domain)}>
                    {verifying === claim.domain ? "Verifying…" : "Verify"}
                  </button>
                </div>
              )}
              {outcome && !outcome.ok ? (
                <div role="alert" className="error">
                  {outcome.text}
                </div>
              ) : (
                // Present before anything is said in it, so a screen reader announces what is.
                <div role="status" className="small">
                  {outcome?.text}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
