import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";
import { importOptionsSchema } from "@/lib/imports/schemas";

export const docs: RouteDocs = {
  tag: "Imports",
  upload: { file: "The .csv, .txt or .xlsx file, at most 50 MB", fields: importOptionsSchema },
  summary: {
    POST: prose`Upload a CSV file or an Excel workbook (multipart field file, .csv/.txt/.xlsx, at most 50 MB) to import`,
  },
  description: {
    POST: prose`A workbook (.xlsx) imports the sheet named by \`sheet\` (its name or position from 1; the first when not given)
      through the same pipeline; it is checked before anything is unpacked: over 10,000 parts, 100 sheets or 5,000,000
      cells is 422; over 500 MB unpacked, 300 MB for one part, or a part packed more than 200:1 (a zip bomb) is 413.
      Answers 202 \`{ import_id, status }\`; the import runs in the background and is followed at GET /api/imports/{id}.
      Columns are matched to fields by their headers, case and punctuation aside, with the usual synonyms ("Phone
      Number", "Mobile", "E-mail", "Company Name"…), then to custom fields by name or label; \`mapping\` (column → name,
      phone, email, company, tags, notes, opted_out, custom_fields.<name> or ignore) overrides that. An opt-out column
      ("Opted out", "Do not call", "DNC"…) reads yes/no, true/false, 1/0 or x; an update of an existing contact can
      record an opt-out from the file but never lifts one.`,
  },
  responses: {
    POST: {
      "413": "The file is over 50 MB, or a workbook unpacks past the limits",
      "422": prose`Not multipart/form-data, no file field, an empty file, a file that is neither CSV nor a workbook, an unknown
        sheet, or options that do not parse`,
    },
  },
};
