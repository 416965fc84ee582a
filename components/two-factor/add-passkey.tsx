"use client";

import { startRegistration } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiRequestError } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { proofRequired } from "./prove-identity";

/**
 * Adds a passkey (this device's fingerprint or face, or a security key): the
 * server's options go to the browser's authenticator, its answer back to be
 * checked and kept. A first factor comes with recovery codes (`added` gets them).
 * A session that has not proved its user lately is asked to (`askProof`), and the passkey is added after.
 */
export function AddPasskey({
  added,
  cancel,
  guard,
  askProof,
}: {
  added: (recoveryCodes: string[] | null) => void;
  cancel: () => void;
  guard: (change: () => Promise<void>) => void;
  askProof: (methods: string[], retry: () => Promise<void>) => void;
}) {
  const token = useApiToken();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setError("Name the passkey, for example “Work laptop”.");
    guard(() => add(name));
  };
  const add = async (name: string): Promise<void> => {
    setPending(true);
    setError(null);
    try {
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]["optionsJSON"]>("/api/account/two-factor/passkeys/options", token!, { method: "POST" });
      const response = await startRegistration({ optionsJSON });
      const answer = await apiFetch<{ recovery_codes: string[] | null }>("/api/account/two-factor/passkeys", token!, { method: "POST", body: JSON.stringify({ name, response }) });
      added(answer.recovery_codes);
    } catch (e) {
      const methods = proofRequired(e);
      if (methods) return askProof(methods, () => add(name));
      // The browser's own refusals (cancelled, timed out) come as DOMExceptions with a message of their own.
      setError(e instanceof ApiRequestError ? (e.body?.errors ? Object.values(e.body.errors)[0][0] : e.message) : `The passkey was not added: ${(e as Error).message}`);
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="row" onSubmit={submit} aria-label="Add a passkey" noValidate>
      <div className="field">
        <label htmlFor="passkey-name">Passkey name</label>
        <input id="passkey-name" name="name" maxLength={100} placeholder="Work laptop" autoFocus aria-invalid={!!error} aria-describedby="passkey-hint" />
        <p className="hint" id="passkey-hint">
          Your device&apos;s fingerprint or face, or a security key: one without a PIN works too, since the passkey comes after your password.
        </p>
        {error && <span className="error">{error}</span>}
      </div>
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Waiting for the passkey…" : "Add"}
      </button>
      <button className="button secondary" type="button" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}
