import { z } from "zod";
import { intIdQuery } from "@/lib/http/params";
import { IMPORT_ENCODINGS } from "./text-encoding";

// Options of a CSV or spreadsheet import (multipart form fields or JSON), shared
// by the routes and the import wizard. Form fields arrive as strings.
const bool = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]);

export const importOptionsSchema = z.object({
  mapping: z
    .union([
      z.record(z.string(), z.string()),
      z.string().transform((text, ctx) => {
        try {
          return z.record(z.string(), z.string()).parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: "custom", message: "The mapping must be a JSON object of column → field." });
          return z.NEVER;
        }
      }),
    ])
    .optional(),
  duplicate_handling: z.enum(["skip", "update", "ask"]).optional(),
  auto_tag: z.string().trim().min(1).max(100).optional(),
  strictness: z.enum(["strict", "lenient"]).optional(),
  dry_run: bool.optional(),
  /** The file's text encoding; detected when not given (or "auto"). */
  encoding: z.enum(["auto", ...IMPORT_ENCODINGS]).optional(),
  department_id: intIdQuery.optional(),
  /** An .xlsx upload: the sheet to import, by its name or its position from 1 (the first when not given). */
  sheet: z.string().trim().min(1).max(100).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const spreadsheetImportSchema = importOptionsSchema.extend({
  url: z.url("The url must be a valid address.").max(2048),
});

/** A key it does not know is refused: a misspelled duplicate_handling must not write over contacts. */
export const confirmImportSchema = z.strictObject({
  duplicate_handling: z.enum(["skip", "update"]).optional(),
});

export const CSV_MAX_BYTES = 50 * 1024 * 1024;
export const CSV_EXTENSIONS = [".csv", ".txt"];
export const WORKBOOK_EXTENSIONS = [".xlsx"];
