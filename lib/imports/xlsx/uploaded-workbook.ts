import "server-only";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { storeImportChunk } from "../store-chunk";
import { AppError } from "@/lib/errors/app-error";
import { sheetToCsv } from "./sheet-to-csv";
import { chooseSheet, declaredCells, openWorkbook, WORKBOOK_LIMITS, WorkbookRefused } from "./workbook";

/** How the workbook of an .xlsx import is recorded in the job's options. */
export interface WorkbookChoice {
  sheets: string[];
  sheet: string;
  /** The chunks hold the sheet as CSV now, no longer the workbook. */
  converted?: boolean;
}

/** The uploaded file (at most 50 MB, packed), from its chunks. */
async function uploadedFile(importId: string): Promise<Buffer> {
  // Past the ORM, as read-upload.ts reads chunks: the embedded database's adapter parses bytea a byte at a time.
  const chunks = await runSql().rows<{ data: Uint8Array }>("SELECT data FROM import_chunks WHERE import_id = $1::uuid ORDER BY seq", [importId]);
  return Buffer.concat(chunks.map((c) => Buffer.from(c.data)));
}

function asAppError(error: WorkbookRefused, field: "file" | "sheet" = "file"): AppError {
  return error.status === 413 ? new AppError("payload_too_large", error.message) : AppError.validation({ [field]: [error.message] });
}

/**
 * The upload request's check of an .xlsx (before the job, before anything is
 * unpacked but the sheet list and the chosen sheet's first bytes): zip
 * directory within the limits, the sheet asked for there, its declared size
 * within the cell limit. 413 for sizes, 422 for the rest; answers the choice.
 */
export async function inspectUploadedWorkbook(importId: string, askedSheet: string | undefined): Promise<WorkbookChoice> {
  try {
    const workbook = await openWorkbook(await uploadedFile(importId));
    let sheet;
    try {
      sheet = chooseSheet(workbook, askedSheet);
    } catch (error) {
      if (error instanceof WorkbookRefused) throw asAppError(error, "sheet");
      throw error;
    }
    const cells = await declaredCells(workbook, sheet.path);
    if (cells !== null && cells > WORKBOOK_LIMITS.cells) {
      throw new WorkbookRefused(`The sheet "${sheet.name}" declares ${cells.toLocaleString("en-US")} cells, more than the ${WORKBOOK_LIMITS.cells.toLocaleString("en-US")} an import reads.`, 422);
    }
    return { sheets: workbook.sheets.map((s) => s.name), sheet: sheet.name };
  } catch (error) {
    if (error instanceof WorkbookRefused) throw asAppError(error);
    throw error;
  }
}

// CSV chunks are written after the workbook's (from this seq on), then take
// their place in one transaction: a worker that dies halfway leaves the
// workbook whole, and the next attempt starts over.
const CSV_SEQ = 1_000_000;

/** The job's first step for an .xlsx: the chosen sheet becomes the CSV the rest of the pipeline reads. */
export async function convertUploadedWorkbook(importId: string, choice: WorkbookChoice): Promise<void> {
  await prisma.importChunk.deleteMany({ where: { import_id: importId, seq: { gte: CSV_SEQ } } });
  const workbook = await openWorkbook(await uploadedFile(importId));
  const sheet = chooseSheet(workbook, choice.sheet);
  let seq = CSV_SEQ;
  await sheetToCsv(workbook, sheet.path, async (text) => {
    const data = Buffer.from(text, "utf8");
    await storeImportChunk(importId, seq++, new Uint8Array(data));
  }).catch((error) => {
    // A sheet whose XML is broken is the file's fault, said as such (not "failed unexpectedly").
    if (error instanceof WorkbookRefused || !(error instanceof Error) || !/^\d+:\d+: /.test(error.message)) throw error;
    throw new WorkbookRefused(`The sheet "${sheet.name}" could not be read: ${error.message.slice(0, 200)}`, 422);
  });
  await prisma.$transaction(async (tx) => {
    await tx.importChunk.deleteMany({ where: { import_id: importId, seq: { lt: CSV_SEQ } } });
    await runSql(tx).count`UPDATE import_chunks SET seq = seq - ${CSV_SEQ} WHERE import_id = ${importId}::uuid`;
    const job = await tx.importJob.findUniqueOrThrow({ where: { id: importId }, select: { options: true } });
    const options = job.options as Record<string, unknown>;
    await tx.importJob.update({ where: { id: importId }, data: { options: { ...options, encoding: "utf-8", workbook: { ...choice, converted: true } } } });
  });
}
