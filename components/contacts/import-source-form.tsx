"use client";

import { useState, type FormEvent } from "react";
import { ENCODING_LABELS, IMPORT_ENCODINGS } from "@/lib/imports/text-encoding";
import { useApiGet } from "@/lib/client/swr/use-api-get";

export interface ImportChoice {
  file: File | null;
  url: string;
  duplicate_handling: "skip" | "update" | "ask";
  strictness: "lenient" | "strict";
  auto_tag: string;
  department_id: string;
  encoding: string;
  /** An .xlsx file: the sheet to import (the first when not chosen). */
  sheet?: string;
}

const MAX_BYTES = 50 * 1024 * 1024;

/** Step 1: a CSV or Excel file or a spreadsheet link, and how the import should behave. */
export function ImportSourceForm({ pending, onCheck }: { pending: boolean; onCheck: (choice: ImportChoice) => void }) {
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [source, setSource] = useState<"file" | "url">("file");
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = (chosen: File | null | undefined) => {
    setError(null);
    if (!chosen) return setFile(null);
    if (!/\.(csv|txt|xlsx)$/i.test(chosen.name)) return setError("Choose a .csv, .txt or .xlsx file.");
    if (chosen.size > MAX_BYTES) return setError("The file is larger than 50 MB.");
    setFile(chosen);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const url = String(form.get("url") ?? "").trim();
    if (source === "file" && !file) return setError("Choose a CSV or Excel file first.");
    if (source === "url" && !url) return setError("Paste the spreadsheet's share link first.");
    onCheck({
      file: source === "file" ? file : null,
      url: source === "url" ? url : "",
      duplicate_handling: form.get("duplicate_handling") as ImportChoice["duplicate_handling"],
      strictness: form.get("strictness") as ImportChoice["strictness"],
      auto_tag: String(form.get("auto_tag") ?? "").trim(),
      department_id: String(form.get("department_id") ?? ""),
      encoding: String(form.get("encoding") ?? "auto"),
    });
  };

  return (
    <form className="panel stack" onSubmit={submit} aria-label="Import source" noValidate>
      <div className="tabs" role="tablist" style={{ marginBottom: 0 }}>
        <button type="button" role="tab" aria-selected={source === "file"} onClick={() => setSource("file")}>
          Upload a file
        </button>
        <button type="button" role="tab" aria-selected={source === "url"} onClick={() => setSource("url")}>
          Spreadsheet link
        </button>
      </div>
      {source === "file" ? (
        <div
          className="dropzone"
          style={dragging ? { borderColor: "var(--accent)", background: "#f0f5ff" } : undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            pick(e.dataTransfer.files[0]);
          }}
        >
          <label htmlFor="import-file" style={{ fontWeight: 600 }}>
            CSV or Excel file
          </label>
          <p className="small muted">A CSV (comma separated, a header row) or an Excel workbook (.xlsx: you pick the sheet in the preview); up to 50 MB. Drop it here or choose it.</p>
          <input id="import-file" type="file" accept=".csv,.txt,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => pick(e.target.files?.[0])} />
          {file && (
            <p className="small">
              {file.name} · {(file.size / 1024).toFixed(1)} KB
            </p>
          )}
        </div>
      ) : (
        <div className="field">
          <label htmlFor="import-url">Google Sheets share link</label>
          <input id="import-url" name="url" type="url" placeholder="https://docs.google.com/spreadsheets/d/…/edit#gid=0" />
          <span className="hint">The sheet must be shared as “anyone with the link can view”.</span>
        </div>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="import-dups">Duplicates (same phone)</label>
          <select id="import-dups" name="duplicate_handling" defaultValue="ask">
            <option value="ask">Let me decide after the preview</option>
            <option value="skip">Skip them</option>
            <option value="update">Update the existing contacts</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="import-strict">Invalid rows</label>
          <select id="import-strict" name="strictness" defaultValue="lenient">
            <option value="lenient">Skip and report them</option>
            <option value="strict">Reject the whole file</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="import-encoding">Text encoding</label>
          <select id="import-encoding" name="encoding" defaultValue="auto" aria-describedby="import-encoding-hint">
            <option value="auto">Detect automatically</option>
            {IMPORT_ENCODINGS.map((encoding) => (
              <option key={encoding} value={encoding}>
                {ENCODING_LABELS[encoding]}
              </option>
            ))}
          </select>
          <small id="import-encoding-hint">Change it if accented letters look wrong in the preview.</small>
        </div>
        <div className="field">
          <label htmlFor="import-tag">Tag every imported contact</label>
          <input id="import-tag" name="auto_tag" placeholder="e.g. spring-fair" maxLength={100} />
        </div>
        {(departments.data?.data.length ?? 0) > 1 && (
          <div className="field">
            <label htmlFor="import-dept">Department</label>
            <select id="import-dept" name="department_id">
              {departments.data!.data.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Checking…" : "Check the file"}
        </button>
      </div>
    </form>
  );
}
