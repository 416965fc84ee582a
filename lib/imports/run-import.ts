import "server-only";
import { announceImportProgress } from "./announce-import-progress";
import { convertUploadedWorkbook, type WorkbookChoice } from "./xlsx/uploaded-workbook";
import { WorkbookRefused } from "./xlsx/workbook";
import { departmentScope } from "@/lib/auth/scope";
import { autoMergeIfEnabled } from "@/lib/contacts/auto-merge-duplicates";
import { FLUSH_AFTER_ROWS, flushSearchIndexes } from "@/lib/contacts/flush-search-indexes";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import { bytesPerStatement, rowsPerTransaction } from "@/lib/db/long-work";
import type { Role } from "@/lib/generated/prisma/enums";
import { replaceUnstorableText } from "@/lib/http/validation";
import { logger } from "@/lib/logger";
import { getSettings } from "@/lib/settings/get-settings";
import { userSelect } from "@/lib/users/serialize-user";
import { classifyRows, stageRows, type ClassifyContext } from "./classify-rows";
import { mapColumns } from "./column-mapping";
import { detectUploadEncoding, uploadRecords } from "./read-upload";
import { boundRecord, clip, describeColumns, headerProblem, MAX_REASON_CHARS } from "./record-bounds";
import { FetchRefused, safeFetch } from "./safe-fetch";
import { CSV_MAX_BYTES, type ImportOptions } from "./schemas";
import { NotText, type ImportEncoding } from "./text-encoding";
import { storeImportChunk } from "./store-chunk";
import { writeImportBatch } from "./write-import-batch";
import { runSql } from "@/lib/db/run-sql";

/** Rows classified and staged per statement (fewer on the embedded database: lib/db/long-work.ts). */
const BATCH = 2_000;
/** Rows written per transaction: a crash leaves a whole batch or none of it (fewer on the embedded database). */
const WRITE_BATCH = 5_000;
const PROGRESS_EVERY_MS = 1_000;

export interface ImportTotals {
  rows: number;
  valid: number;
  duplicate: number;
  invalid: number;
  created: number;
  updated: number;
  skipped: number;
}

const EMPTY: ImportTotals = { rows: 0, valid: 0, duplicate: 0, invalid: 0, created: 0, updated: 0, skipped: 0 };

class ImportRefused extends Error {}

/**
 * The import job (run by a pg-boss worker in any server process). Phases:
 * validating — every row classified and staged, nothing written; then either
 * failed (strict and any invalid row, or too many rows), awaiting_review (dry
 * run, or duplicates to decide), or importing — staged rows written in batches
 * of 1,000, each in one transaction that also records how far it got, so a
 * restarted job resumes after the last whole batch.
 */
export async function runImport(importId: string): Promise<void> {
  const job = await prisma.importJob.findUnique({ where: { id: importId } });
  if (!job || job.status === "completed" || job.status === "failed" || job.status === "awaiting_review") return;
  try {
    const started = Date.now();
    if (job.status === "queued" || job.status === "validating") {
      const next = await validate(importId);
      logger.info("import validated", { import_id: importId, ms: Date.now() - started, next });
      if (next !== "importing") return;
    }
    const writing = Date.now();
    await write(importId);
    logger.info("import written", { import_id: importId, ms: Date.now() - writing });
  } catch (error) {
    const refused = error instanceof ImportRefused || error instanceof NotText;
    const reason = refused ? clip(error.message, MAX_REASON_CHARS) : "The import failed unexpectedly; nothing after the last completed batch was written.";
    if (!refused) logger.error("import failed", { import_id: importId, error: error instanceof Error ? error.stack : String(error) });
    await prisma.importJob.update({ where: { id: importId }, data: { status: "failed", failure_reason: reason, finished_at: new Date() } });
    await announceImportProgress(importId, { final: true });
  }
}

/** A spreadsheet job first downloads the sheet into chunks, like an upload. */
async function fetchSpreadsheet(importId: string, address: string): Promise<void> {
  await prisma.importChunk.deleteMany({ where: { import_id: importId } });
  let seq = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const chunkBytes = bytesPerStatement(1024 * 1024);
  const store = async () => {
    if (!size) return;
    const data = new Uint8Array(Buffer.concat(pending));
    pending = [];
    size = 0;
    await storeImportChunk(importId, seq++, data);
  };
  try {
    const bytes = await safeFetch(address, {
      timeoutMs: 30_000,
      maxBytes: CSV_MAX_BYTES,
      onChunk: async (chunk) => {
        pending.push(chunk);
        size += chunk.length;
        if (size >= chunkBytes) await store();
      },
    });
    await store();
    await prisma.importJob.update({ where: { id: importId }, data: { file_bytes: bytes } });
  } catch (error) {
    if (error instanceof FetchRefused) throw new ImportRefused(error.message);
    throw new ImportRefused(`The spreadsheet could not be downloaded: ${(error as Error).message}`);
  }
}

async function validate(importId: string): Promise<string> {
  const job = await prisma.importJob.update({ where: { id: importId }, data: { status: "validating", started_at: new Date(), progress: 0 } });
  await announceImportProgress(importId);
  if (job.source === "spreadsheet" && job.source_name) await fetchSpreadsheet(importId, job.source_name);
  const workbook = (job.options as { workbook?: WorkbookChoice }).workbook;
  if (job.source === "xlsx" && workbook && !workbook.converted) {
    await convertUploadedWorkbook(importId, workbook).catch((error) => {
      throw error instanceof WorkbookRefused ? new ImportRefused(error.message) : error;
    });
    return validate(importId); // the options now say the chunks are CSV in UTF-8
  }
  await prisma.importRow.deleteMany({ where: { import_id: importId } }); // a restarted validation starts over
  const options = job.options as ImportOptions;
  const [settings, definitions, user] = await Promise.all([
    getSettings(job.organization_id, "import"),
    loadDefinitions(job.organization_id),
    prisma.user.findUniqueOrThrow({ where: { id: job.user_id }, select: { id: true, role: true, organization_id: true, department_id: true } }),
  ]);
  const totals = { ...EMPTY };
  // The file's encoding: the one chosen in the wizard, else detected (shown with the preview).
  const encoding: ImportEncoding = options.encoding && options.encoding !== "auto" ? options.encoding : await detectUploadEncoding(importId);
  // What the wizard shows next to the counts: the header row and where each column went.
  let header: { encoding: ImportEncoding; columns: string[]; unmapped_columns: string[]; mapping: { column: string; field: string | null }[] } | null = null;
  let ctx: ClassifyContext | null = null;
  let batch: { rowNumber: number; cells: string[]; problem: string | null }[] = [];
  let lastProgress = Date.now();
  let line = 0;
  const batchRows = rowsPerTransaction(BATCH);

  const timing = { classify_ms: 0, stage_wait_ms: 0 };
  // Staging a batch (database work) overlaps parsing and classifying the next
  // one (this process's work); a batch is staged only after the one before it.
  let staging: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!ctx || !batch.length) return;
    let t = performance.now();
    const classified = await classifyRows(prisma, ctx, batch);
    timing.classify_ms += performance.now() - t;
    t = performance.now();
    await staging;
    timing.stage_wait_ms += performance.now() - t;
    staging = stageRows(prisma, importId, classified);
    staging.catch(() => undefined); // awaited at the next flush or at the end; never unhandled meanwhile
    for (const row of classified) totals[row.status] += 1;
    batch = [];
    if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await prisma.importJob.update({ where: { id: importId }, data: { totals: { ...header, ...totals }, progress: Math.min(49, Math.round((totals.rows / settings.max_import_size) * 50)) } });
      await announceImportProgress(importId);
    }
  };

  for await (let cells of uploadRecords(importId, encoding)) {
    line += 1;
    if (!ctx) {
      const tooBig = headerProblem(cells);
      if (tooBig) throw new ImportRefused(tooBig);
      // Column names only guide the mapping; a NUL in one must not fail the import.
      cells = replaceUnstorableText(cells);
      const mapping = mapColumns(cells, definitions, options.mapping);
      const fields = mapping.targets.flatMap((t) => (t?.kind === "field" ? [t.field] : []));
      if (!fields.includes("name") || !fields.includes("phone")) {
        throw new ImportRefused(`The header row needs a name and a phone column (found: ${describeColumns(cells)}).`);
      }
      ctx = {
        organizationId: job.organization_id,
        definitions,
        role: user.role as Role,
        editableDepartmentId: editableDepartment(user),
        defaultCountry: settings.default_country,
        formatPhones: settings.phone_formatting,
        mapping,
        seen: new Map(),
      };
      header = {
        encoding,
        columns: cells,
        unmapped_columns: mapping.unmapped,
        mapping: cells.map((column, i) => {
          const target = mapping.targets[i];
          return { column, field: target === null ? null : target.kind === "field" ? target.field : `custom_fields.${target.name}` };
        }),
      };
      await prisma.importJob.update({ where: { id: importId }, data: { totals: { ...header, ...totals } } });
      continue;
    }
    totals.rows += 1;
    if (totals.rows > settings.max_import_size) {
      throw new ImportRefused(`The file has more than ${settings.max_import_size} rows, the maximum for one import; split it or raise the limit in the import settings.`);
    }
    batch.push({ rowNumber: line, ...boundRecord(cells) });
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  await staging;
  if (!ctx) throw new ImportRefused("The file has no header row.");
  logger.info("import classified", { import_id: importId, classify_ms: Math.round(timing.classify_ms), stage_wait_ms: Math.round(timing.stage_wait_ms) });

  const strict = (options.strictness ?? settings.strictness) === "strict";
  const handling = options.duplicate_handling ?? settings.duplicate_handling;
  let status: "failed" | "awaiting_review" | "importing" = "importing";
  let reason: string | null = null;
  if (strict && totals.invalid > 0) {
    status = "failed";
    reason = `Strict validation: ${totals.invalid} invalid row${totals.invalid === 1 ? "" : "s"}; nothing was imported.`;
  } else if (options.dry_run || (handling === "ask" && totals.duplicate > 0)) {
    status = "awaiting_review";
  }
  await prisma.importJob.update({
    where: { id: importId },
    data: { status, failure_reason: reason, totals: { ...header, ...totals }, progress: status === "importing" ? 50 : 100, ...(status === "failed" && { finished_at: new Date() }) },
  });
  await announceImportProgress(importId, { final: status !== "importing" });
  return status;
}

async function write(importId: string): Promise<void> {
  const started = await prisma.importJob.findUniqueOrThrow({ where: { id: importId }, select: { organization_id: true, options: true } });
  const settings = await getSettings(started.organization_id, "import");
  const requested = (started.options as ImportOptions).duplicate_handling;
  const handling = requested === "update" ? "update" : requested === "skip" ? "skip" : settings.duplicate_handling === "update" ? "update" : "skip";
  // The job records what it did with duplicates (a contact's timeline says "updated by" or "skipped").
  const job = await prisma.importJob.update({ where: { id: importId }, data: { status: "importing", options: { ...(started.options as object), duplicate_handling: handling } } });
  const options = job.options as ImportOptions;
  const autoTag = options.auto_tag ?? settings.auto_tag ?? null;
  // Whom the importer may edit now (a role or department changed since validating narrows it).
  const importer = await prisma.user.findUniqueOrThrow({ where: { id: job.user_id }, select: { id: true, role: true, organization_id: true, department_id: true } });
  const toWrite = { import_id: importId, status: { in: ["valid", "duplicate"] } };
  const totalRows = await prisma.importRow.count({ where: toWrite });
  let done = await prisma.importRow.count({ where: { ...toWrite, row_number: { lte: job.processed_rows } } });
  const writeBatch = rowsPerTransaction(WRITE_BATCH);

  for (;;) {
    const current = await prisma.importJob.findUniqueOrThrow({ where: { id: importId }, select: { processed_rows: true, totals: true } });
    // The batch: the next writeBatch rows to write, as a range of row numbers.
    const [bounds] = await runSql(prisma).rows<{ through: number | null; rows: number }>`
      SELECT max(row_number)::int AS through, count(*)::int AS rows FROM (
        SELECT row_number FROM import_rows
        WHERE import_id = ${importId}::uuid AND row_number > ${current.processed_rows} AND status IN ('valid', 'duplicate')
        ORDER BY row_number LIMIT ${writeBatch}) AS next`;
    if (!bounds.through) break;
    const through = bounds.through;
    await prisma.$transaction(
      async (tx) => {
        const outcome = await writeImportBatch(
          tx,
          job,
          { importId, after: current.processed_rows, through },
          { duplicateHandling: handling, autoTag, editableDepartmentId: editableDepartment(importer) },
        );
        const totals = current.totals as unknown as ImportTotals;
        done += bounds.rows;
        // The batch and the record of its completion commit together.
        await tx.importJob.update({
          where: { id: importId },
          data: {
            processed_rows: through,
            progress: Math.min(99, 50 + Math.round((done / Math.max(1, totalRows)) * 50)),
            totals: { ...totals, created: totals.created + outcome.created, updated: totals.updated + outcome.updated, skipped: totals.skipped + outcome.skipped },
          },
        });
      },
      { timeout: 60_000 },
    );
    await announceImportProgress(importId);
  }
  if (done >= FLUSH_AFTER_ROWS) await flushSearchIndexes();
  const autoMerged = await mergeImportedDuplicates(job.user_id);
  const { totals } = await prisma.importJob.findUniqueOrThrow({ where: { id: importId }, select: { totals: true } });
  await prisma.importJob.update({
    where: { id: importId },
    data: { status: "completed", progress: 100, finished_at: new Date(), totals: { ...(totals as object), auto_merged: autoMerged } },
  });
  await announceImportProgress(importId, { final: true });
}

/** The department whose contacts the importer may edit, as the contact scope decides; null: all of the organization's. */
function editableDepartment(user: { id: number; role: Role; organization_id: number; department_id: number | null }): number | null {
  return departmentScope(user).department_id ?? null;
}

/**
 * Imports are where duplicates come from: when the organization merges them
 * automatically, the merge runs as the importing user (their scope, audited in
 * their name) once the rows are written. Returns the contacts merged away; a
 * failure here is logged and leaves the imported rows in place.
 */
async function mergeImportedDuplicates(userId: number): Promise<number> {
  try {
    const user = await prisma.user.findUnique({ where: { id: userId }, select: userSelect });
    if (!user?.active) return 0;
    const result = await autoMergeIfEnabled({ actor: { ...user, token_id: 0, queue_department_ids: [] } });
    return result?.contacts_removed ?? 0;
  } catch (error) {
    logger.error("automatic merge after import failed", { user_id: userId, error: error instanceof Error ? error.stack : String(error) });
    return 0;
  }
}
