import "server-only";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { z } from "zod";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { contactListFilters, createdRangeInOrder } from "../schemas";
import { exportBatches, exportColumns, type ExportColumn } from "./export-rows";
import { neutralizeCell } from "./neutralize-cell";
import { toVCard } from "./vcard";

export const exportContactsQuery = contactListFilters
  .omit({ page: true, per_page: true, sort: true })
  .extend({ format: z.enum(["csv", "xlsx", "vcf"]).default("csv") })
  .superRefine(createdRangeInOrder);
export type ExportContactsQuery = z.infer<typeof exportContactsQuery>;

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  vcf: "text/vcard; charset=utf-8",
};

/**
 * GET /api/contacts/export: all or the filtered contacts as CSV, XLSX or vCard,
 * streamed batch by batch (memory stays flat), formula-looking cells
 * neutralized. The export itself is audited: who took which list out.
 */
export async function exportContacts({ actor, query }: { actor: SessionUser; query: ExportContactsQuery }): Promise<Response> {
  const { format, ...filters } = query;
  const { columns } = await exportColumns(actor);
  await writeAuditLog(prisma, {
    organization_id: actor.organization_id,
    // A manager's export covers their department only.
    department_id: departmentScope(actor).department_id ?? null,
    user_id: actor.id,
    action: "contacts.export",
    subject_type: "contacts",
    details: { format, filters },
  });
  const batches = exportBatches(actor, { ...filters, status: filters.status });
  const body = format === "xlsx" ? xlsxStream(columns, batches) : textStream(format, columns, batches);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="contacts-${date}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}

type Batches = ReturnType<typeof exportBatches>;

function cells(columns: ExportColumn[], row: Awaited<ReturnType<Batches["next"]>>["value"][number]): string[] {
  return columns.map((column) => neutralizeCell(column.value(row.contact, row.custom)));
}

/** CSV (with a BOM so spreadsheets read UTF-8) or vCard, pulled batch by batch. */
function textStream(format: "csv" | "vcf", columns: ExportColumn[], batches: Batches): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started && format === "csv") {
        controller.enqueue(encoder.encode(`\uFEFF${Papa.unparse([columns.map((c) => c.header)], { newline: "\r\n" })}\r\n`));
      }
      started = true;
      const { value, done } = await batches.next();
      if (done) return controller.close();
      const text =
        format === "csv"
          ? `${Papa.unparse(
              value.map((row) => cells(columns, row)),
              { newline: "\r\n" },
            )}\r\n`
          : value.map(({ contact, custom }) => toVCard({ ...contact, tags: contact.tags ?? [], extra: Object.entries(custom).map(([k, v]) => [k, String(v)]) })).join("");
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** XLSX through ExcelJS's streaming writer: rows are committed as they come. */
function xlsxStream(columns: ExportColumn[], batches: Batches): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet("Contacts");
  sheet.addRow(columns.map((c) => c.header)).commit();
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(cells(columns, row)).commit();
        if (output.writableNeedDrain) await new Promise((resolve) => output.once("drain", resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
