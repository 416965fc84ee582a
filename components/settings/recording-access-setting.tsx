"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { callSettingsSchema } from "@/lib/settings/schemas";

/** Recordings (issue 47): who may play them, and how long they are kept. */
export function RecordingAccessSetting() {
  const token = useApiToken();
  const settings = useApiGet("/api/settings/calls", {});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!settings.data) return <SkeletonRows rows={2} />;
  const save = async (change: { agents_play_own_recordings?: boolean; recording_retention_days?: number | null }) => {
    setPending(true);
    setSaved(false);
    setErrors({});
    try {
      await settings.mutate(await apiFetch("/api/settings/calls", token!, { method: "PUT", body: JSON.stringify(change) }), { revalidate: false });
      setSaved(true);
    } catch (e) {
      setErrors(submitErrors(e));
    } finally {
      setPending(false);
    }
  };
  const saveRetention = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const days = String(new FormData(event.currentTarget).get("days") ?? "").trim();
    // Checked here with the API's own rule first: a mistyped number is said at once, not sent.
    const checked = callSettingsSchema.shape.recording_retention_days.safeParse(days === "" ? null : Number(days));
    if (!checked.success) return setErrors({ recording_retention_days: [checked.error.issues[0].message] });
    void save({ recording_retention_days: checked.data });
  };
  return (
    <section className="panel stack" aria-labelledby="recordings-title">
      <h2 id="recordings-title">Recordings</h2>
      <p className="small muted">
        Admins and each department&apos;s managers play and download the recordings of their calls. Recordings always play through this service; every play and download is in the audit log.
      </p>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" checked={settings.data.agents_play_own_recordings} disabled={pending} onChange={(e) => void save({ agents_play_own_recordings: e.target.checked })} />
        Agents may play the recordings of their own calls (default: off)
      </label>
      <form className="row" style={{ alignItems: "end" }} onSubmit={saveRetention} aria-label="Recording retention" noValidate>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="recording-retention-days">Delete recordings after (days)</label>
          <input
            id="recording-retention-days"
            name="days"
            type="number"
            min={1}
            max={3650}
            inputMode="numeric"
            defaultValue={settings.data.recording_retention_days ?? ""}
            placeholder="Keep them"
            aria-describedby="recording-retention-hint"
          />
          <span id="recording-retention-hint" className="hint">
            Empty keeps them. Once a day, older recordings are deleted here and at the provider, except those under a legal hold (a call&apos;s details, or the contact).
          </span>
          <FieldError message={errors.recording_retention_days?.[0]} />
        </div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </button>
      </form>
      {saved && (
        <span className="success small" role="status">
          Saved.
        </span>
      )}
      {errors.form && (
        <p className="error" role="alert">
          {errors.form[0]}
        </p>
      )}
    </section>
  );
}
