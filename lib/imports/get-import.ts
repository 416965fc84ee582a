import "server-only";
import { z } from "zod";
import { importScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";
import { findImportForActor } from "./import-access";
import { oneOf } from "@/lib/http/answer-schemas";
import { IMPORT_SOURCES, IMPORT_STATUSES } from "./import-answer";
import type { confirmImportSchema } from "./schemas";

const MAX_LISTED_ROWS = 1_000;

/** A row's reasons as the pipeline stores them: field → messages. */
type RowErrors = Record<string, string[]>;

// auto_merged: contacts merged away by the automatic merge that follows an import (duplicate settings).
const TOTAL_KEYS = ["rows", "valid", "duplicate", "invalid", "created", "updated", "skipped", "auto_merged"] as const;

function summary(job: {
  id: string;
  status: string;
  source: string;
  source_name: string | null;
  progress: number;
  totals: unknown;
  options: unknown;
  failure_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}) {
  const raw = (job.totals ?? {}) as Record<string, unknown>;
  return {
    id: job.id,
    import_id: job.id,
    status: oneOf(IMPORT_STATUSES, job.status, "queued"),
    source: oneOf(IMPORT_SOURCES, job.source, "csv"),
    file_name: job.source_name,
    progress: job.progress,
    totals: Object.fromEntries(TOTAL_KEYS.map((key) => [key, Number(raw[key] ?? 0)])) as Record<(typeof TOTAL_KEYS)[number], number>,
    /** The text encoding the file was read in (chosen in the wizard, or detected). */
    encoding: (raw.encoding as string | undefined) ?? null,
    columns: (raw.columns as string[] | undefined) ?? [],
    unmapped_columns: (raw.unmapped_columns as string[] | undefined) ?? [],
    mapping: (raw.mapping as { column: string; field: string | null }[] | undefined) ?? [],
    options: (job.options ?? {}) as Record<string, unknown>,
    /** An .xlsx import: the workbook's sheets and the one imported. */
    sheets: (job.options as { workbook?: { sheets: string[] } } | null)?.workbook?.sheets ?? null,
    sheet: (job.options as { workbook?: { sheet: string } } | null)?.workbook?.sheet ?? null,
    message: job.failure_reason,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
  };
}

/** GET /api/imports/{id}: status, progress 0–100, totals, and each rejected or duplicate row with its reasons. */
export async function getImport({ actor, id }: { actor: SessionUser; id: string }) {
  const job = await findImportForActor(actor, id);
  const [invalid, duplicates] = await Promise.all([
    prisma.importRow.findMany({ where: { import_id: id, status: "invalid" }, orderBy: { row_number: "asc" }, take: MAX_LISTED_ROWS, select: { row_number: true, errors: true, contact: true } }),
    prisma.importRow.findMany({
      where: { import_id: id, status: "duplicate" },
      orderBy: { row_number: "asc" },
      take: MAX_LISTED_ROWS,
      select: { row_number: true, errors: true, duplicate_id: true, contact: true },
    }),
  ]);
  return {
    ...summary(job),
    errors: invalid.map((r) => ({ row: r.row_number, errors: (r.errors ?? {}) as RowErrors, values: r.contact as Record<string, unknown> | null })),
    duplicates: duplicates.map((r) => ({
      row: r.row_number,
      duplicate_id: r.duplicate_id === null ? null : Number(r.duplicate_id),
      phone: (r.contact as { phone?: string } | null)?.phone ?? null,
      errors: (r.errors ?? {}) as RowErrors,
    })),
  };
}

export const listImportsQuery = paginationSchema;

/** The caller's imports, newest first (admins: their organization's). */
export async function listImports({ actor, query }: { actor: SessionUser; query: z.infer<typeof listImportsQuery> }) {
  const where = importScope(actor);
  const [rows, total] = await Promise.all([prisma.importJob.findMany({ where, orderBy: { created_at: "desc" }, ...skipTake(query) }), prisma.importJob.count({ where })]);
  return pageOf(rows.map(summary), total, query);
}

/** Continues an import waiting for review (a dry run, or duplicates to decide). */
export async function confirmImport({ actor, id, input }: { actor: SessionUser; id: string; input: z.infer<typeof confirmImportSchema> }) {
  const job = await findImportForActor(actor, id);
  const options = { ...(job.options as object), ...(input.duplicate_handling && { duplicate_handling: input.duplicate_handling }), dry_run: false };
  if ((options as { duplicate_handling?: string }).duplicate_handling === "ask") {
    throw AppError.validation({ duplicate_handling: ["Choose skip or update for the duplicates."] });
  }
  const { count } = await prisma.importJob.updateMany({ where: { id, status: "awaiting_review" }, data: { status: "importing", options } });
  if (count === 0) throw AppError.conflict(`The import is ${job.status}, not awaiting review.`);
  await enqueueJob(QUEUES.contactImport, { import_id: id }, `${id}:confirm`);
  return getImport({ actor, id });
}
