"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiRequestError } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";

/** The API's 403 asking the session to prove its user before a factor changes (issue 59, point 3): the methods it accepts, else null. */
export function proofRequired(error: unknown): string[] | null {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return null;
  const body = error.body as { proof_required?: boolean; methods?: string[] } | null;
  return body?.proof_required ? (body.methods ?? ["totp", "recovery_code"]) : null;
}

const firstError = (error: unknown) => (error instanceof ApiRequestError ? (error.body?.errors ? Object.values(error.body.errors)[0][0] : error.message) : (error as Error).message);

/**
 * "Confirm it is you": a current code or recovery code, a passkey, or the
 * password while the user has no factor. `proved` runs the change that asked.
 */
export function ProveIdentity({ methods, proved, cancel }: { methods: string[]; proved: () => Promise<void> | void; cancel: () => void }) {
  const token = useApiToken();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const withPassword = methods.includes("password");
  const prove = async (proof: Record<string, unknown>) => {
    setPending(true);
    setError(null);
    try {
      await apiFetch("/api/account/two-factor/proof", token!, { method: "POST", body: JSON.stringify(proof) });
      await proved();
    } catch (e) {
      setError(firstError(e));
    } finally {
      setPending(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("proof") ?? "").trim();
    if (!value) return setError(withPassword ? "Enter your password." : "Enter a code from your authenticator app, or a recovery code.");
    void prove(withPassword ? { password: value } : { code: value });
  };
  const withPasskey = async () => {
    try {
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/account/two-factor/proof/options", token!, { method: "POST" });
      await prove({ passkey: await startAuthentication({ optionsJSON }) });
    } catch (e) {
      setError(firstError(e));
    }
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Confirm it is you" noValidate>
      <p className="small">Confirm it is you before changing how you sign in{withPassword ? ": enter your password." : ": enter a code from your authenticator app or a recovery code."}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="proof-value">{withPassword ? "Your password" : "Current code or recovery code"}</label>
          <input
            id="proof-value"
            name="proof"
            type={withPassword ? "password" : "text"}
            autoComplete={withPassword ? "current-password" : "one-time-code"}
            autoFocus
            maxLength={200}
            aria-invalid={!!error}
          />
          {error && <span className="error">{error}</span>}
        </div>
        <button className="button" type="submit" disabled={pending}>
          {pending ? "Checking…" : "Confirm"}
        </button>
        {methods.includes("passkey") && (
          <button className="button secondary" type="button" disabled={pending} onClick={() => void withPasskey()}>
            Use a passkey
          </button>
        )}
        <button className="button secondary" type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
