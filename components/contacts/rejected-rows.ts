import Papa from "papaparse";
import type { ImportJobView } from "./import-types";

/** The rejected rows as a CSV to fix and import again: row number, reasons, then the values read. */
export function rejectedRowsCsv(job: ImportJobView): string {
  const rows = job.errors.map((e) => {
    const values = (e.values ?? {}) as Record<string, unknown>;
    const custom = (values.custom_fields ?? {}) as Record<string, unknown>;
    return {
      row: e.row,
      reasons: Object.entries(e.errors)
        .map(([field, reasons]) => `${field}: ${reasons.join(" ")}`)
        .join("; "),
      name: values.name ?? "",
      phone: values.phone ?? "",
      email: values.email ?? "",
      company: values.company ?? "",
      tags: Array.isArray(values.tags) ? values.tags.join(";") : "",
      notes: values.notes ?? "",
      // Only when the file had the column: "yes"/"no" as read, or the unreadable value itself.
      ...(values.opted_out !== undefined && { opted_out: values.opted_out === true ? "yes" : values.opted_out === false ? "no" : values.opted_out }),
      ...Object.fromEntries(Object.entries(custom).map(([k, v]) => [k, v ?? ""])),
    };
  });
  return Papa.unparse(rows, { escapeFormulae: true });
}
