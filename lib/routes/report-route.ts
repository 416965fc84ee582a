import "server-only";
import Papa from "papaparse";
import type { z } from "zod";
import type { SessionUser } from "@/lib/auth/session-user";
import { neutralizeCell } from "@/lib/contacts/export/neutralize-cell";
import { route, type Answer } from "@/lib/routes/route";
import { reportQuerySchema, type ReportQuery } from "@/lib/reports/schemas";

type Row = Record<string, unknown>;

/** Nested figures become columns of their own (seconds_in_state.busy …). */
function flatten(row: Row, prefix = ""): Row {
  return Object.fromEntries(
    Object.entries(row).flatMap(([key, value]) =>
      value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date) ? Object.entries(flatten(value as Row, `${prefix}${key}.`)) : [[`${prefix}${key}`, value]],
    ),
  );
}

function csv(rows: Row[], name: string, query: ReportQuery): Response {
  const flat = rows.map((r) => Object.fromEntries(Object.entries(flatten(r)).map(([k, v]) => [k, typeof v === "string" ? neutralizeCell(v) : v])));
  const body = `\uFEFF${Papa.unparse(flat, { newline: "\r\n" })}\r\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}-${query.from}-${query.to}.csv"`, "Cache-Control": "no-store" },
  });
}

/**
 * One report endpoint: reports.read for every role (the report itself scopes
 * the figures to what the caller may see), JSON by default, `format=csv` for
 * the same figures as a spreadsheet.
 */
export function reportRoute<R extends z.ZodObject>(name: string, answers: R, report: (args: { actor: SessionUser; query: ReportQuery }) => Promise<z.output<R>>) {
  return route({ permission: "reports.read", query: reportQuerySchema, answers }, async ({ user, query }) => {
    const result = await report({ actor: user, query });
    // The report returns its answer's output (or the CSV file); TypeScript cannot resolve Answer<R> for a generic R.
    if (query.format !== "csv") return result as Answer<R>;
    const rows = "data" in result && Array.isArray(result.data) ? (result.data as Row[]) : [result as Row];
    return csv(rows, name, query) as Answer<R>;
  });
}
