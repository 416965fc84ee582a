"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, ApiRequestError } from "@/lib/swr/api-fetch";
import { useApiToken } from "@/lib/swr/use-api";
import { useApiGet } from "@/lib/swr/use-api-get";
import { formatDateTime } from "@/lib/format/display";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { RecoveryCodesShown } from "./recovery-codes-shown";
import { TotpSetup, type TotpSetupData } from "./totp-setup";

type Asking = "remove" | "renew" | null;

const message = (error: unknown) => (error instanceof ApiRequestError ? (error.body?.errors?.code?.[0] ?? error.message) : (error as Error).message);

/** Your account → Two-factor sign-in: set an authenticator up, renew the recovery codes, turn it off. */
export function TwoFactorPanel() {
  const token = useApiToken();
  const status = useApiGet("/api/account/two-factor", {});
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const call = <T,>(path: string, method: string, body?: unknown) => apiFetch<T>(path, token!, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });

  const start = async () => {
    setError(null);
    try {
      setSetup(await call<TotpSetupData>("/api/account/two-factor/totp", "POST"));
    } catch (e) {
      setError(message(e));
    }
  };
  const withCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setError("Enter a code from your authenticator app, or a recovery code.");
    try {
      if (asking === "remove") await call("/api/account/two-factor/totp", "DELETE", { code });
      else setCodes((await call<{ recovery_codes: string[] }>("/api/account/two-factor/recovery-codes", "POST", { code })).recovery_codes);
      setAsking(null);
      setError(null);
      await status.mutate();
    } catch (e) {
      setError(message(e));
    }
  };

  if (!status.data) return <SkeletonRows rows={2} label="Loading two-factor sign-in" />;
  const { totp, recovery_codes_left, required } = status.data;
  return (
    <section className="panel stack" aria-label="Two-factor sign-in">
      <h2>Two-factor sign-in</h2>
      {codes ? (
        <RecoveryCodesShown codes={codes} doneLabel="Done" onDone={() => setCodes(null)} />
      ) : setup ? (
        <TotpSetup
          setup={setup}
          confirm={async (code) => {
            try {
              setCodes((await call<{ recovery_codes: string[] }>("/api/account/two-factor/totp/confirm", "POST", { code })).recovery_codes);
              setSetup(null);
              await status.mutate();
              return null;
            } catch (e) {
              return message(e);
            }
          }}
        />
      ) : totp ? (
        <>
          <p>
            <span className="badge ok">On</span> Authenticator app since {formatDateTime(totp.confirmed_at)}
            {totp.last_used_at && <>, last used {formatDateTime(totp.last_used_at)}</>}. {recovery_codes_left} recovery codes left.
          </p>
          {required && <p className="small muted">Your organization requires a second factor, so it cannot be turned off.</p>}
          {asking ? (
            <form className="row" onSubmit={withCode} aria-label={asking === "remove" ? "Turn off two-factor sign-in" : "New recovery codes"} noValidate>
              <div className="field">
                <label htmlFor="tf-code">Current code</label>
                <input id="tf-code" name="code" autoComplete="one-time-code" autoFocus maxLength={40} />
              </div>
              <button className="button" type="submit">{asking === "remove" ? "Turn off" : "Show new codes"}</button>
              <button className="button secondary" type="button" onClick={() => setAsking(null)}>Cancel</button>
            </form>
          ) : (
            <div className="row">
              <button className="button secondary" type="button" onClick={() => setAsking("renew")}>New recovery codes</button>
              {!required && <button className="button secondary" type="button" onClick={() => setAsking("remove")}>Turn off</button>}
            </div>
          )}
        </>
      ) : (
        <>
          <p>Off. With it on, signing in asks for a code from an authenticator app on your phone as well as your password.</p>
          <div><button className="button" type="button" onClick={() => void start()}>Set up an authenticator app</button></div>
        </>
      )}
      {error && <div className="alert" role="alert">{error}</div>}
    </section>
  );
}
