"use client";

import { useState, type FormEvent } from "react";
import { retentionSettingsSchema } from "@/lib/settings/schemas";
import { apiSend, type SendAnswer } from "@/lib/client/swr/api-send";
import { formatCount, formatDateTime, formatNumber } from "@/lib/client/format/display";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { ConfirmDialog } from "@/components/ui/modal";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

/** What POST /api/settings/retention/run answers (a dry run or a run). */
type RetentionReport = SendAnswer<"post", "/api/settings/retention/run">;

const plural = (n: number) => formatCount(n, "contact");

type AuditPage = GetAnswer<"/api/audit-log">;

/** The last run, from the audit log: the daily job's work is otherwise invisible. */
function LastRun({ data }: { data?: AuditPage }) {
  const last = data?.data[0];
  if (!data) return null;
  return (
    <p className="small muted" aria-label="Last retention run">
      {last ? `Last run ${formatDateTime(last.created_at)} (${last.user_name ?? "the daily job"}): ${plural(Number(last.details.removed ?? 0))} deleted.` : "Retention has not run yet."}
    </p>
  );
}
const NAMES_SHOWN = 10;

export function RetentionSettingsForm() {
  const token = useApiToken();
  const form = useSettingsForm("/api/settings/retention", retentionSettingsSchema.partial());
  // The dry run's report, shown in the confirmation before anything is deleted.
  const [preview, setPreview] = useState<RetentionReport | null>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const lastRun = useApiGet("/api/audit-log", { query: { action: "retention.run", per_page: 1 } });
  if (!form.data) return <SkeletonRows rows={3} />;
  const d = form.data;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const days = String(f.get("inactive_contact_days") ?? "").trim();
    form.save({ inactive_contact_days: days ? Number(days) : null, keep_opted_out: f.get("keep_opted_out") === "on" });
  };
  const run = async (dryRun: boolean) => {
    setBusy(true);
    setStatus(null);
    try {
      return await apiSend("post", "/api/settings/retention/run", token!, { body: { dry_run: dryRun } });
    } catch (e) {
      setStatus({ text: (e as Error).message, error: true });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const previewRun = async () => {
    const report = await run(true);
    if (!report) return;
    if (!report.enabled) setStatus({ text: "Retention is off: enter a number of days and save first." });
    else if (report.removed === 0) setStatus({ text: `No contact has gone ${report.inactive_contact_days} days without a call: nothing to delete.` });
    else setPreview(report);
  };
  const confirmRun = async () => {
    setPreview(null);
    const report = await run(false);
    if (report) setStatus({ text: `Deleted ${plural(report.removed)}. The run is in the audit log.` });
    await lastRun.mutate();
  };

  return (
    <form className="panel" onSubmit={submit} aria-label="Retention settings" noValidate>
      <div className="field">
        <label htmlFor="r-days">Delete contacts with no call for (days)</label>
        <input
          id="r-days"
          name="inactive_contact_days"
          type="number"
          min={1}
          max={36500}
          defaultValue={d.inactive_contact_days ?? ""}
          placeholder="Never"
          style={{ width: 160 }}
          aria-describedby="r-days-hint"
        />
        <span id="r-days-hint" className="hint">
          Counted from the last call, or from when the contact was added if never called. Deleted contacts are gone for good; their call logs stay. Contacts in a running or paused campaign are kept.
          Empty keeps contacts forever. Retention runs every day on its own.
        </span>
        <FieldError message={form.error("inactive_contact_days")} />
      </div>
      <div className="field inline">
        <input id="r-optout" name="keep_opted_out" type="checkbox" defaultChecked={d.keep_opted_out} />
        <label htmlFor="r-optout">Keep contacts who opted out, so their choice is remembered</label>
      </div>
      <div className="row">
        <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
        <button type="button" className="button secondary" disabled={busy} onClick={previewRun}>
          {busy ? "Checking…" : "Run retention now…"}
        </button>
      </div>
      <LastRun data={lastRun.data} />
      {status && (
        <p className={`small ${status.error ? "error" : "muted"}`} role={status.error ? "alert" : "status"}>
          {status.text}
        </p>
      )}
      <ConfirmDialog
        open={preview !== null}
        title={`Delete ${plural(preview?.removed ?? 0)}?`}
        message={preview && <RetentionPreview report={preview} />}
        confirmLabel={`Delete ${plural(preview?.removed ?? 0)}`}
        pending={busy}
        onConfirm={confirmRun}
        onClose={() => setPreview(null)}
      />
    </form>
  );
}

/** The confirmation's body: who would go, by the saved policy. */
function RetentionPreview({ report }: { report: RetentionReport }) {
  const more = report.removed - Math.min(NAMES_SHOWN, report.contacts.length);
  return (
    <>
      <p>
        {plural(report.removed)} had no call in the last {report.inactive_contact_days} days (by the saved settings). They are deleted permanently; their call logs are kept.
      </p>
      <ul className="small" aria-label="Contacts to delete">
        {report.contacts.slice(0, NAMES_SHOWN).map((c) => (
          <li key={c.id}>
            {c.name} <span className="mono muted">{c.phone}</span>
          </li>
        ))}
        {more > 0 && <li className="muted">and {formatNumber(more)} more</li>}
      </ul>
    </>
  );
}
