"use client";

import { useState, type FormEvent } from "react";

export interface TotpSetupData {
  secret: string;
  otpauth_uri: string;
  qr_code_svg: string;
}

/**
 * Setting up an authenticator app: the QR code to scan, the secret to type
 * by hand, and the first code, which confirms it. `confirm` answers an error
 * to show, or null once confirmed.
 */
export function TotpSetup({ setup, confirm }: { setup: TotpSetupData; confirm: (code: string) => Promise<string | null> }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return setError("Enter the 6-digit code your app shows.");
    setPending(true);
    setError(await confirm(code));
    setPending(false);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Set up an authenticator app" noValidate>
      <p>Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), then enter the code it shows.</p>
      {/* An image of SVG text we made: nothing of it runs in the page, and next/image has nothing to optimize in a data: URL. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_code_svg)}`} alt="QR code for your authenticator app" width={180} height={180} />
      <p className="small">
        Cannot scan? Enter this key in the app:{" "}
        <code data-testid="totp-secret" className="mono">
          {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </p>
      <div className="field">
        <label htmlFor="totp-code">Code from the app</label>
        <input id="totp-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus aria-invalid={!!error} aria-describedby={error ? "totp-code-error" : undefined} />
        {error && (
          <span id="totp-code-error" className="error">
            {error}
          </span>
        )}
      </div>
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Checking…" : "Turn on"}
      </button>
    </form>
  );
}
