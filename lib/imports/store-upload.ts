import "server-only";
import { Readable } from "node:stream";
import busboy from "busboy";
import type { SessionUser } from "@/lib/auth/session-user";
import { resolveDepartment } from "@/lib/contacts/contact-access";
import { inBackground } from "@/lib/db/background-work";
import { prisma } from "@/lib/db/client";
import { bytesPerStatement } from "@/lib/db/long-work";
import { AppError } from "@/lib/errors/app-error";
import { fieldErrors, refuseUnstorableText } from "@/lib/http/validation";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { CSV_EXTENSIONS, CSV_MAX_BYTES, importOptionsSchema, WORKBOOK_EXTENSIONS } from "./schemas";
import { storeImportChunk } from "./store-chunk";
import { inspectUploadedWorkbook } from "./xlsx/uploaded-workbook";

/** An upload is stored this much at a time (less on the embedded database: lib/db/long-work.ts). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * POST /api/contacts/import/csv (a .csv, .txt or .xlsx): streams the multipart upload into the
 * database 1 MB at a time (never the whole file in memory), then queues the
 * import job and answers at once. Over 50 MB is 413, announced or not; a wrong
 * file type or bad options are 422 and leave nothing behind.
 */
export async function storeCsvUpload({ actor, request }: { actor: SessionUser; request: Request }) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > CSV_MAX_BYTES + 64 * 1024) throw tooLarge();
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !request.body) {
    throw AppError.validation({ file: ["Send the CSV as multipart/form-data in a field named file."] });
  }
  const department = await resolveDepartment(prisma, actor, undefined).catch(() => null);
  const job = await prisma.importJob.create({
    data: { organization_id: actor.organization_id, department_id: department?.department_id ?? actor.department_id ?? 0, user_id: actor.id, source: "csv", status: "queued" },
    select: { id: true },
  });
  try {
    const { fields, filename, bytes } = await receive(request, contentType, job.id);
    if (!filename) throw AppError.validation({ file: ["The file field is required."] });
    const isWorkbook = WORKBOOK_EXTENSIONS.some((ext) => filename.toLowerCase().endsWith(ext));
    if (!isWorkbook && !CSV_EXTENSIONS.some((ext) => filename.toLowerCase().endsWith(ext))) throw AppError.validation({ file: ["The file must be a .csv, .txt or .xlsx file."] });
    if (bytes === 0) throw AppError.validation({ file: ["The file is empty."] });
    refuseUnstorableText({ ...fields, file: filename });
    const options = importOptionsSchema.safeParse(fields);
    if (!options.success) throw AppError.validation(fieldErrors(options.error));
    refuseUnstorableText(options.data); // the mapping's JSON may spell one as \u0000
    const target = await resolveDepartment(prisma, actor, options.data.department_id);
    // A workbook is checked (zip bomb, sheet, size) before the job ever unpacks it.
    const workbook = isWorkbook ? await inspectUploadedWorkbook(job.id, options.data.sheet) : null;
    await prisma.importJob.update({
      where: { id: job.id },
      data: {
        source: isWorkbook ? "xlsx" : "csv",
        source_name: filename.slice(0, 2048),
        file_bytes: bytes,
        options: { ...options.data, ...(workbook && { workbook }) } as object,
        department_id: target.department_id,
      },
    });
    await enqueueJob(QUEUES.contactImport, { import_id: job.id }, job.id);
    return { import_id: job.id, status: "queued" as const };
  } catch (error) {
    await prisma.importJob.delete({ where: { id: job.id } }).catch(() => {});
    throw error;
  }
}

function tooLarge() {
  return new AppError("payload_too_large", `The file may not be larger than ${CSV_MAX_BYTES / 1024 / 1024} MB.`);
}

/** Pipes the multipart body through busboy, storing the file part as chunks. */
function receive(request: Request, contentType: string, importId: string): Promise<{ fields: Record<string, string>; filename: string | null; bytes: number }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let filename: string | null = null;
    let bytes = 0;
    let pending: Promise<unknown> = Promise.resolve();
    let failed = false;
    const parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 } });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (name, stream, info) => {
      if (name !== "file") return void stream.resume();
      filename = info.filename ?? "upload.csv";
      let buffer: Buffer[] = [];
      let buffered = 0;
      let seq = 0;
      const chunkBytes = bytesPerStatement(CHUNK_BYTES);
      const flush = () => {
        if (!buffered) return;
        const data = Buffer.concat(buffer);
        const n = seq++;
        buffer = [];
        buffered = 0;
        stream.pause();
        // Storing a large file is long work inside a request: on the embedded database its statements give way to other requests'.
        pending = pending.then(() => inBackground(() => storeImportChunk(importId, n, data))).finally(() => stream.resume());
      };
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        buffer.push(chunk);
        buffered += chunk.length;
        if (buffered >= chunkBytes) flush();
      });
      stream.on("limit", () => {
        failed = true;
        reject(tooLarge());
      });
      stream.on("end", flush);
    });
    parser.on("error", (error) => reject(AppError.validation({ file: [`The upload could not be read: ${(error as Error).message}`] })));
    parser.on("close", () => {
      if (!failed) pending.then(() => resolve({ fields, filename, bytes }), reject);
    });
    Readable.fromWeb(request.body as never).pipe(parser);
  });
}
