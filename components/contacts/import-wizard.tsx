"use client";

import { useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { ApiRequestError } from "@/lib/client/swr/api-fetch";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ImportReview } from "./import-review";
import { ImportSourceForm, type ImportChoice } from "./import-source-form";
import { SETTLED } from "./import-types";
import { rejectedRowsCsv } from "./rejected-rows";
import { saveBlob } from "./use-download";
import { formatNumber } from "@/lib/client/format/display";

const STEPS = ["Source", "Preview", "Import"] as const;

/** Uploads (or links) the file as a dry run: nothing is written until the preview is confirmed. */
async function startDryRun(token: string, choice: ImportChoice, mapping?: Record<string, string>): Promise<string> {
  const options: Record<string, string> = { dry_run: "true", strictness: choice.strictness, ...(choice.duplicate_handling !== "ask" && { duplicate_handling: choice.duplicate_handling }) };
  if (choice.auto_tag) options.auto_tag = choice.auto_tag;
  if (choice.department_id) options.department_id = choice.department_id;
  if (choice.encoding && choice.encoding !== "auto") options.encoding = choice.encoding;
  if (mapping) options.mapping = JSON.stringify(mapping);
  if (choice.sheet) options.sheet = choice.sheet;
  if (choice.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(options)) form.append(k, v);
    form.append("file", choice.file);
    const response = await fetch("/api/contacts/import/csv", { method: "POST", headers: { Authorization: `Bearer ${token}`, Accept: "application/json" }, body: form });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new ApiRequestError(response.status, body);
    return body.import_id;
  }
  const started = await apiSend("post", "/api/contacts/import/spreadsheet", token, {
    body: { url: choice.url, ...options, dry_run: true, ...(choice.department_id && { department_id: Number(choice.department_id) }) },
  });
  return started.import_id;
}

export function ImportWizard() {
  const token = useApiToken();
  const [choice, setChoice] = useState<ImportChoice | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Follow the job while it moves (its progress events, else a poll); stop at a state that waits for the person or is final.
  const live = useLive();
  const job = useApiGet("/api/imports/{id}", importId ? { path: { id: importId } } : null, {
    refreshInterval: (latest) => (!latest || !SETTLED.includes(latest.status) || (confirmed && latest.status === "awaiting_review") ? (live ? 5000 : 600) : 0),
  });
  useLiveEvents(["import.progress"], (event) => {
    if (event.import_id === importId) void job.mutate();
  });

  const check = async (next: ImportChoice, mapping?: Record<string, string>) => {
    setPending(true);
    setError(null);
    setConfirmed(false);
    try {
      setChoice(next);
      setImportId(await startDryRun(token!, next, mapping));
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  const start = async (duplicateHandling: "skip" | "update") => {
    setError(null);
    try {
      await apiSend("post", "/api/imports/{id}/confirm", token!, { path: { id: importId! }, body: { duplicate_handling: duplicateHandling } });
      setConfirmed(true);
      await job.mutate();
    } catch (e) {
      setError(e);
    }
  };
  const reset = () => {
    setChoice(null);
    setImportId(null);
    setConfirmed(false);
  };

  const data = job.data;
  const step = !importId ? 0 : confirmed ? 2 : 1;
  const validating = importId && (!data || data.status === "queued" || data.status === "validating");

  return (
    <div className="stack">
      <ol className="steps" aria-label="Import steps">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={i === step ? "step" : undefined} className={i < step ? "done" : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <ErrorAlert error={error} />
      {step === 0 && <ImportSourceForm pending={pending} onCheck={(c) => check(c)} />}
      {validating && (
        <div className="panel" aria-live="polite">
          <p>Reading and checking every row… {data ? `${formatNumber(data.totals.rows)} rows so far` : ""}</p>
          <div className="progress" role="progressbar" aria-label="Checking" aria-valuenow={data?.progress ?? 0} aria-valuemin={0} aria-valuemax={100}>
            <div style={{ width: `${Math.max(5, (data?.progress ?? 0) * 2)}%` }} />
          </div>
        </div>
      )}
      {data && step === 1 && !validating && data.sheets && data.sheets.length > 1 && (
        <div className="panel row">
          <div className="field" style={{ margin: 0 }}>
            <label htmlFor="import-sheet">Sheet</label>
            <select id="import-sheet" value={data.sheet ?? ""} disabled={pending} onChange={(e) => check({ ...choice!, sheet: e.target.value })}>
              {data.sheets.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <p className="small muted" style={{ margin: 0 }}>
            The workbook has {data.sheets.length} sheets; the preview shows the one chosen.
          </p>
        </div>
      )}
      {data && step === 1 && !validating && (
        <ImportReview
          job={data}
          choice={choice!}
          onRemap={(mapping) => check(choice!, mapping)}
          onStart={start}
          onCancel={reset}
          onDownloadRejected={() => saveBlob(new Blob([rejectedRowsCsv(data)], { type: "text/csv" }), "rejected-rows.csv")}
        />
      )}
      {data && step === 2 && (
        <section className="panel stack" aria-label="Import progress">
          <h2>{data.status === "completed" ? "Import finished" : data.status === "failed" ? "Import failed" : "Importing…"}</h2>
          <div className="progress" role="progressbar" aria-label="Import progress" aria-valuenow={data.progress} aria-valuemin={0} aria-valuemax={100}>
            <div style={{ width: `${data.progress}%` }} />
          </div>
          <p className="small muted" aria-live="polite">
            {data.progress}%
          </p>
          {data.message && (
            <div className="alert" role="alert">
              {data.message}
            </div>
          )}
          <div className="stats">
            <div className="stat">
              <strong>{data.totals.created}</strong>created
            </div>
            <div className="stat">
              <strong>{data.totals.updated}</strong>updated
            </div>
            <div className="stat">
              <strong>{data.totals.skipped}</strong>skipped
            </div>
            <div className="stat">
              <strong>{data.totals.invalid}</strong>rejected
            </div>
            {data.totals.auto_merged > 0 && (
              <div className="stat">
                <strong>{data.totals.auto_merged}</strong>merged as duplicates
              </div>
            )}
          </div>
          <div className="row">
            {data.errors.length > 0 && (
              <button type="button" className="button secondary" onClick={() => saveBlob(new Blob([rejectedRowsCsv(data)], { type: "text/csv" }), "rejected-rows.csv")}>
                Download rejected rows
              </button>
            )}
            <Link className="button" href={choice?.auto_tag ? `/contacts?tags=${encodeURIComponent(choice.auto_tag)}` : "/contacts?sort=-created_at"}>
              See the contacts
            </Link>
            <button type="button" className="button secondary" onClick={reset}>
              Import another file
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
