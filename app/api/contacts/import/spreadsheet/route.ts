import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { importAcceptedAnswer } from "@/lib/imports/import-answer";
import { spreadsheetImportSchema } from "@/lib/imports/schemas";
import { startSpreadsheetImport } from "@/lib/imports/start-spreadsheet-import";

export const POST = route({ permission: "contacts.import", body: spreadsheetImportSchema, status: 202, answers: importAcceptedAnswer }, ({ user, body }) => {
  const { url, ...options } = body;
  return startSpreadsheetImport({ actor: user, url, options });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
