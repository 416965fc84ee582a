"use client";

import { ENCODING_LABELS, type ImportEncoding } from "@/lib/imports/text-encoding";
import { useState } from "react";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import type { ImportChoice } from "./import-source-form";
import type { ImportJobView } from "./import-types";
import { formatNumber } from "@/lib/client/format/display";

const FIELDS = [
  { value: "name", label: "Name" },
  { value: "phone", label: "Phone" },
  { value: "email", label: "Email" },
  { value: "company", label: "Company" },
  { value: "tags", label: "Tags" },
  { value: "notes", label: "Notes" },
  { value: "opted_out", label: "Opted out (yes/no)" },
];
const SHOWN_ROWS = 50;

const reasons = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, r]) => `${field}: ${r.join(" ")}`)
    .join("; ");

/** Step 2: where each column goes, what every row turned out to be, and how to treat duplicates. */
export function ImportReview({
  job,
  choice,
  onRemap,
  onStart,
  onCancel,
  onDownloadRejected,
}: {
  job: ImportJobView;
  choice: ImportChoice;
  onRemap: (mapping: Record<string, string>) => void;
  onStart: (duplicateHandling: "skip" | "update") => void;
  onCancel: () => void;
  onDownloadRejected: () => void;
}) {
  const customFields = useApiGet("/api/custom-fields", {});
  const [mapping, setMapping] = useState<Record<string, string>>(() => Object.fromEntries(job.mapping.map((m) => [m.column, m.field ?? "ignore"])));
  const [handling, setHandling] = useState<"skip" | "update">(choice.duplicate_handling === "update" ? "update" : "skip");
  const changed = job.mapping.some((m) => (m.field ?? "ignore") !== mapping[m.column]);
  const failed = job.status === "failed";
  const { totals } = job;

  return (
    <div className="stack">
      <section className="panel" aria-label="Summary">
        <h2>
          {job.file_name ?? "Your file"}: {formatNumber(totals.rows)} rows checked
        </h2>
        {job.encoding && (
          <p className="muted" data-testid="import-encoding">
            Read as {ENCODING_LABELS[job.encoding as ImportEncoding] ?? job.encoding}. Accented letters look wrong? Go back and choose the file&apos;s encoding.
          </p>
        )}
        <div className="stats">
          <div className="stat">
            <strong style={{ color: "var(--ok)" }}>{totals.valid}</strong>valid
          </div>
          <div className="stat">
            <strong style={{ color: "var(--warn)" }}>{totals.duplicate}</strong>duplicates
          </div>
          <div className="stat">
            <strong style={{ color: "var(--danger)" }}>{totals.invalid}</strong>invalid
          </div>
        </div>
        {failed && (
          <div className="alert" role="alert" style={{ marginTop: 12 }}>
            {job.message}
          </div>
        )}
      </section>

      {job.mapping.length > 0 && (
        <section className="panel" aria-label="Column mapping">
          <h2>Column mapping</h2>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th>Column in the file</th>
                  <th>Goes to</th>
                </tr>
              </thead>
              <tbody>
                {job.mapping.map((m) => (
                  <tr key={m.column}>
                    <td>{m.column}</td>
                    <td>
                      <select aria-label={`Field for column ${m.column}`} value={mapping[m.column]} onChange={(e) => setMapping({ ...mapping, [m.column]: e.target.value })}>
                        <option value="ignore">Ignore this column</option>
                        {FIELDS.map((f) => (
                          <option key={f.value} value={f.value}>
                            {f.label}
                          </option>
                        ))}
                        {customFields.data?.data.map((f) => (
                          <option key={f.name} value={`custom_fields.${f.name}`}>
                            {f.label} (custom)
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {changed && (
            <button type="button" className="button secondary" style={{ marginTop: 12 }} onClick={() => onRemap(mapping)} disabled={!choice.file && !choice.url}>
              Check again with this mapping
            </button>
          )}
        </section>
      )}

      {job.errors.length > 0 && (
        <section className="panel" aria-label="Invalid rows">
          <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
            <h2>
              Invalid rows ({totals.invalid}): {failed ? "nothing will be imported" : "they will be skipped"}
            </h2>
            <button type="button" className="button secondary small" onClick={onDownloadRejected}>
              Download rejected rows
            </button>
          </div>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th className="num">Row</th>
                  <th>Name</th>
                  <th>Phone</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {job.errors.slice(0, SHOWN_ROWS).map((e) => (
                  <tr key={e.row}>
                    <td className="num">{e.row}</td>
                    <td>{String(e.values?.name ?? "—")}</td>
                    <td className="mono">{String(e.values?.phone ?? "—")}</td>
                    <td className="small">{reasons(e.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {job.errors.length > SHOWN_ROWS && <p className="small muted">…and {job.errors.length - SHOWN_ROWS} more in the download.</p>}
        </section>
      )}

      {job.duplicates.length > 0 && (
        <section className="panel" aria-label="Duplicate rows">
          <h2>Duplicates ({totals.duplicate})</h2>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th className="num">Row</th>
                  <th>Phone</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {job.duplicates.slice(0, SHOWN_ROWS).map((d) => (
                  <tr key={d.row}>
                    <td className="num">{d.row}</td>
                    <td className="mono">{d.phone ?? "—"}</td>
                    <td className="small">
                      {reasons(d.errors)}
                      {d.duplicate_id && (
                        <>
                          {" "}
                          (<a href={`/contacts/${d.duplicate_id}`}>existing contact</a>)
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <fieldset className="row" style={{ border: 0, padding: 0, marginTop: 12 }}>
            <legend className="small" style={{ fontWeight: 600 }}>
              Contacts already in the list
            </legend>
            <label className="field inline" style={{ margin: 0 }}>
              <input type="radio" name="dup-choice" checked={handling === "skip"} onChange={() => setHandling("skip")} />
              Skip these rows
            </label>
            <label className="field inline" style={{ margin: 0 }}>
              <input type="radio" name="dup-choice" checked={handling === "update"} onChange={() => setHandling("update")} />
              Update the existing contacts
            </label>
          </fieldset>
        </section>
      )}

      <div className="row">
        {!failed && (
          <button type="button" className="button" onClick={() => onStart(handling)} disabled={totals.valid + totals.duplicate === 0 || changed}>
            Start import of {formatNumber(totals.valid + (handling === "update" ? totals.duplicate : 0))} contacts
          </button>
        )}
        <button type="button" className="button secondary" onClick={onCancel}>
          {failed ? "Start over" : "Cancel"}
        </button>
      </div>
    </div>
  );
}
