"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, ApiRequestError } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { formatDateTime } from "@/lib/client/format/display";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { RecoveryCodesShown } from "./recovery-codes-shown";
import { TotpSetup, type TotpSetupData } from "./totp-setup";
import { AddPasskey } from "./add-passkey";
import { ProveIdentity, proofRequired } from "./prove-identity";
import { LocalTime } from "@/components/ui/local-time";

/** What a current code is being asked for: turning the app off, new recovery codes, or removing a passkey (its id). */
type Asking = "remove" | "renew" | number | null;

const message = (error: unknown) => (error instanceof ApiRequestError ? (error.body?.errors?.code?.[0] ?? error.message) : (error as Error).message);

/** Your account → Two-factor sign-in: set an authenticator up, renew the recovery codes, turn it off. */
export function TwoFactorPanel() {
  const token = useApiToken();
  const status = useApiGet("/api/account/two-factor", {});
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [addingPasskey, setAddingPasskey] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A change the API held back until the session proves its user: the methods it takes, and the change to run again.
  const [proving, setProving] = useState<{ methods: string[]; retry: () => Promise<void> } | null>(null);
  const askProof = (methods: string[], retry: () => Promise<void>) => setProving({ methods, retry });
  // Asked before the change when this session has no proof that counts now (the API would refuse it: 403).
  const guard = (change: () => Promise<void>) => {
    const until = status.data?.proved_until;
    if (until && Date.parse(until) > Date.now()) return void change();
    askProof(status.data?.proof_methods ?? ["recovery_code"], change);
  };
  const call = <T,>(path: string, method: string, body?: unknown) => apiFetch<T>(path, token!, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });

  const start = async () => {
    setError(null);
    try {
      setSetup(await call<TotpSetupData>("/api/account/two-factor/totp", "POST"));
    } catch (e) {
      const methods = proofRequired(e);
      if (methods) askProof(methods, start);
      else setError(message(e));
    }
  };
  const withCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setError("Enter a code from your authenticator app, or a recovery code.");
    try {
      if (asking === "remove") await call("/api/account/two-factor/totp", "DELETE", { code });
      else if (typeof asking === "number") await call(`/api/account/two-factor/passkeys/${asking}`, "DELETE", { code });
      else setCodes((await call<{ recovery_codes: string[] }>("/api/account/two-factor/recovery-codes", "POST", { code })).recovery_codes);
      setAsking(null);
      setError(null);
      await status.mutate();
    } catch (e) {
      setError(message(e));
    }
  };

  if (!status.data) return <SkeletonRows rows={2} label="Loading two-factor sign-in" />;
  const { totp, passkeys, recovery_codes_left, required } = status.data;
  const any = totp !== null || passkeys.length > 0;
  // The last factor of someone the organization requires one of is not offered for removal (the API refuses it too).
  const removable = !(required && (totp ? 1 : 0) + passkeys.length === 1);
  const codeForm = asking !== null && (
    <form className="row" onSubmit={withCode} aria-label={asking === "remove" ? "Turn off the authenticator app" : asking === "renew" ? "New recovery codes" : "Remove the passkey"} noValidate>
      <div className="field">
        <label htmlFor="tf-code">Current code or recovery code</label>
        <input id="tf-code" name="code" autoComplete="one-time-code" autoFocus maxLength={40} />
      </div>
      <button className="button" type="submit">
        {asking === "renew" ? "Show new codes" : "Remove"}
      </button>
      <button className="button secondary" type="button" onClick={() => setAsking(null)}>
        Cancel
      </button>
    </form>
  );
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
      ) : (
        <>
          {!any && <p>Off. With it on, signing in asks for a code from an authenticator app on your phone, or a passkey, as well as your password.</p>}
          {required && <p className="small muted">Your organization requires a second factor: your last one cannot be removed.</p>}
          <h3 style={{ margin: 0 }}>Authenticator app</h3>
          {totp ? (
            <p>
              <span className="badge ok">On</span> since <LocalTime format={() => formatDateTime(totp.confirmed_at)} />
              {totp.last_used_at && (
                <>
                  , last used <LocalTime format={() => formatDateTime(totp.last_used_at)} />
                </>
              )}
              .{" "}
              {removable && (
                <button className="button ghost small" type="button" onClick={() => setAsking("remove")}>
                  Turn off
                </button>
              )}
            </p>
          ) : (
            <div>
              <button className="button" type="button" onClick={() => guard(start)}>
                Set up an authenticator app
              </button>
            </div>
          )}
          <h3 style={{ margin: 0 }}>Passkeys</h3>
          {passkeys.length > 0 && (
            <ul className="stack" style={{ margin: 0, paddingLeft: 18 }} aria-label="Your passkeys">
              {passkeys.map((p: { id: number; name: string; created_at: string; last_used_at: string | null }) => (
                <li key={p.id}>
                  <strong>{p.name}</strong>{" "}
                  <span className="small muted">
                    added <LocalTime format={() => formatDateTime(p.created_at)} />
                    {p.last_used_at && (
                      <>
                        , last used <LocalTime format={() => formatDateTime(p.last_used_at)} />
                      </>
                    )}
                  </span>{" "}
                  {removable && (
                    <button className="button ghost small" type="button" onClick={() => setAsking(p.id)} aria-label={`Remove ${p.name}`}>
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {addingPasskey ? (
            <AddPasskey
              guard={guard}
              askProof={askProof}
              cancel={() => setAddingPasskey(false)}
              added={(recovery) => {
                setAddingPasskey(false);
                if (recovery) setCodes(recovery);
                void status.mutate();
              }}
            />
          ) : (
            <div>
              <button className="button secondary" type="button" onClick={() => setAddingPasskey(true)}>
                Add a passkey
              </button>
            </div>
          )}
          {any && (
            <>
              <h3 style={{ margin: 0 }}>Recovery codes</h3>
              <p>
                {recovery_codes_left} recovery codes left.{" "}
                <button className="button ghost small" type="button" onClick={() => setAsking("renew")}>
                  New recovery codes
                </button>
              </p>
            </>
          )}
          {codeForm}
          {proving && (
            <ProveIdentity
              methods={proving.methods}
              cancel={() => setProving(null)}
              proved={async () => {
                const { retry } = proving;
                setProving(null);
                await status.mutate();
                await retry();
              }}
            />
          )}
        </>
      )}
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
