"use client";

import { useState, type FormEvent } from "react";
import { retentionSettingsSchema } from "@/lib/settings/schemas";
import { apiFetch } from "@/lib/swr/api-fetch";
import { useApiToken } from "@/lib/swr/use-api";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { ConfirmDialog } from "@/components/ui/modal";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

export function RetentionSettingsForm() {
  const token = useApiToken();
  const form = useSettingsForm("/api/settings/retention", retentionSettingsSchema.partial());
  const [confirm, setConfirm] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  if (!form.data) return <SkeletonRows rows={3} />;
  const d = form.data as { inactive_contact_days: number | null; keep_opted_out: boolean };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const days = String(f.get("inactive_contact_days") ?? "").trim();
    form.save({ inactive_contact_days: days ? Number(days) : null, keep_opted_out: f.get("keep_opted_out") === "on" });
  };
  const runNow = async () => {
    setConfirm(false);
    const outcome = await apiFetch<Record<string, unknown>>("/api/settings/retention/run", token!, { method: "POST", body: "{}" }).catch((e: Error) => ({ error: e.message }));
    setResult(JSON.stringify(outcome));
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Retention settings" noValidate>
      <div className="field">
        <label htmlFor="r-days">Archive contacts not called or changed for (days)</label>
        <input id="r-days" name="inactive_contact_days" type="number" min={1} defaultValue={d.inactive_contact_days ?? ""} placeholder="Never" style={{ width: 160 }} />
        <span className="hint">Empty keeps contacts forever. Retention runs every day on its own.</span>
        <FieldError message={form.error("inactive_contact_days")} />
      </div>
      <div className="field inline"><input id="r-optout" name="keep_opted_out" type="checkbox" defaultChecked={d.keep_opted_out} /><label htmlFor="r-optout">Keep contacts who opted out (proof of their choice)</label></div>
      <div className="row">
        <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
        <button type="button" className="button secondary" onClick={() => setConfirm(true)}>Run retention now</button>
      </div>
      {result && <p className="small muted" role="status">Retention run: {result}</p>}
      <ConfirmDialog open={confirm} title="Run retention now?" message="Contacts inactive for longer than the configured period are archived now." confirmLabel="Run now" onConfirm={runNow} onClose={() => setConfirm(false)} />
    </form>
  );
}
