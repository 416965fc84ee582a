"use client";

import { useDownload } from "./use-download";

/** Exports exactly the contacts the list shows (same filters), in the chosen format. */
export function ExportMenu({ filters }: { filters: Record<string, string> }) {
  const { download, pending, error } = useDownload();
  const filtered = Object.keys(filters).some((k) => k !== "sort");
  const run = (format: string) => {
    const query = new URLSearchParams({ ...filters, format });
    download(`/api/contacts/export?${query}`, `contacts.${format}`);
  };
  return (
    <div className="row" style={{ gap: 4, alignItems: "center" }}>
      <label htmlFor="export-format" className="small muted">
        {filtered ? "Export filtered" : "Export all"}
      </label>
      <select id="export-format" className="input" value="" disabled={pending} onChange={(e) => e.target.value && run(e.target.value)}>
        <option value="">{pending ? "Exporting…" : "Format…"}</option>
        <option value="csv">CSV</option>
        <option value="xlsx">Excel (.xlsx)</option>
        <option value="vcf">vCard (.vcf)</option>
      </select>
      {error && (
        <span className="error small" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
