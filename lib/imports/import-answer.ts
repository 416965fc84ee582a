import { z } from "zod";
import { page, timestamp } from "@/lib/http/answer-schemas";

// An import as the API shows it (get-import.ts returns exactly this): the
// list, one import with its rejected and duplicate rows, and the confirm.

/** queued → validating → (awaiting_review →) importing → completed, or failed. */
export const IMPORT_STATUSES = ["queued", "validating", "awaiting_review", "importing", "completed", "failed"] as const;

/** How the contacts came: an uploaded CSV or workbook, or a published spreadsheet's link. */
export const IMPORT_SOURCES = ["csv", "xlsx", "spreadsheet"] as const;

const count = z.number().int();

export const importSummaryAnswer = z.object({
  id: z.string().meta({ format: "uuid" }),
  import_id: z.string().meta({ format: "uuid" }),
  status: z.enum(IMPORT_STATUSES),
  source: z.enum(IMPORT_SOURCES).meta({ description: "spreadsheet: a published link" }),
  file_name: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  totals: z.object({ rows: count, valid: count, duplicate: count, invalid: count, created: count, updated: count, skipped: count, auto_merged: count }),
  encoding: z.string().nullable().meta({ description: "The text encoding the file was read in (chosen in the wizard, or detected)" }),
  columns: z.array(z.string()),
  unmapped_columns: z.array(z.string()),
  mapping: z.array(z.object({ column: z.string(), field: z.string().nullable() })),
  options: z.record(z.string(), z.unknown()).meta({ description: "The options the import was started with" }),
  sheets: z.array(z.string()).nullable().meta({ description: "An .xlsx import: the workbook's sheets" }),
  sheet: z.string().nullable().meta({ description: "An .xlsx import: the sheet imported" }),
  message: z.string().nullable().meta({ description: "Why it failed" }),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});

const rowErrors = z.record(z.string(), z.array(z.string())).meta({ description: "Field → reasons" });

export const importAnswer = importSummaryAnswer.extend({
  errors: z.array(z.object({ row: count, errors: rowErrors, values: z.record(z.string(), z.unknown()).nullable() })).meta({ description: "Rejected rows (at most 1,000), with the values read" }),
  duplicates: z
    .array(z.object({ row: count, duplicate_id: z.number().int().nullable(), phone: z.string().nullable(), errors: rowErrors }))
    .meta({ description: "Rows matching an existing contact (at most 1,000)" }),
});

export const importPageAnswer = page(importSummaryAnswer);

/** 202 from an upload or a spreadsheet link: the import is queued; follow it at GET /api/imports/{id}. */
export const importAcceptedAnswer = z.object({
  import_id: z.string().meta({ format: "uuid" }),
  status: z.literal("queued"),
});
