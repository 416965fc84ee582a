import Papa from "papaparse";
import type { ImportJobView } from "./import-types";

/** The rejected rows as a CSV to fix and import again: row number, reasons, then the values read. */
export function rejectedRowsCsv(job: ImportJobView): string {
  const rows = job.errors.map((e) => {
    const values = (e.values ?? {}) as Record<string, unknown>;
    const custom = (values.custom_fields ?? {}) as Record<string, unknown>;
    return {
      row: e.row,
      reasons: Object.entries(e.errors).map(([field, reasons]) => `${field}: ${reasons.join(" ")}`).join("; "),
      name: values.name ?? "",
      phone: values.phone ?? "",
      email: values.email ?? "",
      company: values.company ?? "",
      tags: Array.isArray(values.tags) ? values.tags.join(";") : "",
      notes: values.notes ?? "",
      ...Object.fromEntries(Object.entries(custom).map(([k, v]) => [k, v ?? ""])),
    };
  });
  return Papa.unparse(rows, { escapeFormulae: true });
}
