"use client";

import type { FormEvent } from "react";
import { updateTelephonySettingsSchema } from "@/lib/twilio/settings/schemas";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

/** Provider account and numbers; the two secrets are write-only (shown as set or not, never returned). */
export function TelephonySettingsForm() {
  const form = useSettingsForm("/api/settings/telephony", updateTelephonySettingsSchema as never);
  if (!form.data) return <SkeletonRows rows={5} />;
  const d = form.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const input: Record<string, unknown> = {
      account_sid: text("account_sid") || null,
      api_key_sid: text("api_key_sid") || null,
      twiml_app_sid: text("twiml_app_sid") || null,
      caller_id: text("caller_id") || null,
      phone_numbers: text("phone_numbers")
        .split(/[\s,]+/)
        .filter(Boolean),
      recording_enabled: f.get("recording_enabled") === "on",
    };
    if (text("auth_token")) input.auth_token = text("auth_token");
    if (text("api_key_secret")) input.api_key_secret = text("api_key_secret");
    form.save(input as never); // with the write-only secrets, which the settings read back only as set or not
  };
  const secretHint = (set: boolean) => (set ? "Stored encrypted. Leave empty to keep it." : "Not set.");
  return (
    <form className="panel" onSubmit={submit} aria-label="Telephony settings" noValidate>
      <p className="small muted" style={{ marginTop: 0 }}>
        Provider: Twilio. Everything here is empty until you fill it in; without an auth token the built-in simulator plays the provider, so calls and texts can be tried at once. The provider calls
        this service back at its public address, which whoever runs the service sets.
      </p>
      <div className="grid-2 even">
        <div>
          <div className="field">
            <label htmlFor="t-account">Account SID</label>
            <input id="t-account" name="account_sid" defaultValue={d.account_sid ?? ""} placeholder="AC…" />
            <FieldError message={form.error("account_sid")} />
          </div>
          <div className="field">
            <label htmlFor="t-token">Auth token</label>
            <input id="t-token" name="auth_token" type="password" autoComplete="new-password" />
            <span className="hint">{secretHint(d.auth_token_set)}</span>
            <FieldError message={form.error("auth_token")} />
          </div>
          <div className="field">
            <label htmlFor="t-key">API key SID</label>
            <input id="t-key" name="api_key_sid" defaultValue={d.api_key_sid ?? ""} placeholder="SK…" />
            <FieldError message={form.error("api_key_sid")} />
          </div>
          <div className="field">
            <label htmlFor="t-secret">API key secret</label>
            <input id="t-secret" name="api_key_secret" type="password" autoComplete="new-password" />
            <span className="hint">{secretHint(d.api_key_secret_set)}</span>
            <FieldError message={form.error("api_key_secret")} />
          </div>
        </div>
        <div>
          <div className="field">
            <label htmlFor="t-app">TwiML application SID</label>
            <input id="t-app" name="twiml_app_sid" defaultValue={d.twiml_app_sid ?? ""} placeholder="AP…" />
            <FieldError message={form.error("twiml_app_sid")} />
          </div>
          <div className="field">
            <label htmlFor="t-caller">Caller ID</label>
            <input id="t-caller" name="caller_id" defaultValue={d.caller_id ?? ""} placeholder="+15005550006" />
            <FieldError message={form.error("caller_id")} />
          </div>
          <div className="field">
            <label htmlFor="t-numbers">Inbound numbers</label>
            <textarea id="t-numbers" name="phone_numbers" defaultValue={d.phone_numbers.join("\n")} rows={3} />
            <span className="hint">One E.164 number per line: calls to them ring this organization&apos;s queue.</span>
            <FieldError message={form.error("phone_numbers")} />
          </div>
          <div className="field inline">
            <input id="t-rec" name="recording_enabled" type="checkbox" defaultChecked={d.recording_enabled} />
            <label htmlFor="t-rec">Record calls (off by default; recordings play in the call history)</label>
          </div>
        </div>
      </div>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
