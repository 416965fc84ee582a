"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { useEffect, useState, type FormEvent } from "react";
import type { SecondFactorStep } from "@/lib/sign-in/second-factor-error";
import { RecoveryCodesShown } from "@/components/two-factor/recovery-codes-shown";
import { TotpSetup, type TotpSetupData } from "@/components/two-factor/totp-setup";

const MESSAGES: Record<string, string> = {
  wrong_code: "That code or passkey was not accepted. Try again, or enter a recovery code.",
  rate_limited: "Too many failed attempts. Please wait a few minutes and try again.",
  unavailable: "Too many sign-ins at once. Please try again in a moment.",
};

/** The public sign-in API the page calls between the two steps (no session exists yet). */
async function post<T>(path: string, body: unknown): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data };
  return { ok: false, message: data?.errors?.code?.[0] ?? data?.message ?? "Something went wrong. Please try again." };
}

/**
 * The sign-in's second step, after a right password: a code from the
 * authenticator app (or a recovery code); or, for a user whose organization
 * requires a factor and who has none, setting one up first and saving the
 * recovery codes. `signedIn` runs once the session exists; `startOver` sends
 * the user back to the password (the challenge expired).
 */
export function SecondFactorForm({ step, signedIn, startOver }: { step: SecondFactorStep; signedIn: () => void; startOver: (message: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!step.setup_required) return;
    void post<TotpSetupData>("/api/login/second-factor/setup", { challenge: step.challenge }).then((answer) => (answer.ok ? setSetup(answer.data) : startOver(answer.message)));
  }, [step, startOver]);

  async function finish(code?: string, passkey?: unknown) {
    const result = await signIn("credentials", { challenge: step.challenge, ...(code && { code }), ...(passkey !== undefined && { passkey: JSON.stringify(passkey) }), redirect: false });
    if (result && !result.error) return signedIn();
    if (result?.error === "challenge_over") return startOver("That sign-in expired. Please sign in again.");
    setError(MESSAGES[result?.error ?? ""] ?? "Sign-in failed. Please try again.");
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setError("Enter the 6-digit code from your authenticator app, or a recovery code.");
    setPending(true);
    await finish(code);
    setPending(false);
  }

  async function signInWithPasskey() {
    setPending(true);
    setError(null);
    const options = await post<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("/api/login/second-factor/passkey", { challenge: step.challenge });
    if (!options.ok) {
      setPending(false);
      return setError(options.message);
    }
    try {
      await finish(undefined, await startAuthentication({ optionsJSON: options.data }));
    } catch (e) {
      setError(`The passkey was not used: ${(e as Error).message}`);
    }
    setPending(false);
  }

  if (recoveryCodes) return <RecoveryCodesShown codes={recoveryCodes} doneLabel="I saved them: continue" onDone={() => void finish()} />;
  if (step.setup_required) {
    if (!setup) return <p role="status">Preparing your authenticator…</p>;
    return (
      <div className="stack">
        <div className="notice">Your organization requires a second factor to sign in. Set up an authenticator app to continue.</div>
        <TotpSetup
          setup={setup}
          confirm={async (code) => {
            const answer = await post<{ recovery_codes: string[] }>("/api/login/second-factor/confirm", { challenge: step.challenge, code });
            if (!answer.ok) return answer.message;
            setRecoveryCodes(answer.data.recovery_codes);
            return null;
          }}
        />
      </div>
    );
  }
  return (
    <form className="stack" onSubmit={submitCode} aria-label="Second factor" noValidate>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="second-factor-code">Authentication code</label>
        <input id="second-factor-code" name="code" autoComplete="one-time-code" autoFocus maxLength={40} aria-describedby="second-factor-hint" />
        <span id="second-factor-hint" className="hint">
          The 6-digit code your authenticator app shows, or one of your recovery codes.
        </span>
      </div>
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Checking…" : "Verify"}
      </button>
      {step.methods.includes("passkey") && (
        <button className="button secondary" type="button" disabled={pending} onClick={() => void signInWithPasskey()}>
          Use a passkey
        </button>
      )}
      <button className="button ghost" type="button" onClick={() => startOver("")}>
        Use another account
      </button>
    </form>
  );
}
