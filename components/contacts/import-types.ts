export interface ImportJobView {
  id: string;
  status: "queued" | "validating" | "awaiting_review" | "importing" | "completed" | "failed";
  source: string;
  file_name: string | null;
  progress: number;
  totals: { rows: number; valid: number; duplicate: number; invalid: number; created: number; updated: number; skipped: number; auto_merged: number };
  encoding: string | null;
  columns: string[];
  unmapped_columns: string[];
  mapping: { column: string; field: string | null }[];
  options: { duplicate_handling?: string; strictness?: string; dry_run?: boolean };
  message: string | null;
  /** An .xlsx import: the workbook's sheets and the one read. */
  sheets: string[] | null;
  sheet: string | null;
  created_at: string;
  finished_at: string | null;
  errors: { row: number; errors: Record<string, string[]>; values: Record<string, unknown> | null }[];
  duplicates: { row: number; duplicate_id: number | null; phone: string | null; errors: Record<string, string[]> }[];
}

export const SETTLED = ["awaiting_review", "completed", "failed"];
