import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { resolveDepartment } from "@/lib/contacts/contact-access";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { hitRateLimit, peekRateLimit } from "@/lib/net/rate-limit/hit-rate-limit";
import { assertPublicHost, FetchRefused } from "./safe-fetch";
import type { ImportOptions } from "./schemas";
import { spreadsheetCsvUrl } from "./spreadsheet-url";

const PER_HOUR = 10;

/**
 * POST /api/contacts/import/spreadsheet: checks the link (https, the
 * provider's host, every resolved address public) before any request is made,
 * then counts the import against the user's 10 per hour (in the database,
 * shared by every process) and queues the job that fetches and imports the
 * sheet. Only imports started count: a link refused by the checks does not.
 */
export async function startSpreadsheetImport({ actor, url, options }: { actor: SessionUser; url: string; options: ImportOptions }) {
  const target = spreadsheetCsvUrl(url);
  if ("error" in target) throw AppError.validation({ url: [target.error] });
  const limitKey = `spreadsheet-import:${actor.id}`;
  const used = await peekRateLimit(limitKey);
  if (used.hits >= PER_HOUR) throw tooMany(used.retryAfterSeconds);
  try {
    await assertPublicHost(new URL(target.url).hostname);
  } catch (error) {
    if (error instanceof FetchRefused) throw AppError.validation({ url: [`${error.message}.`] });
    throw error;
  }
  const department = await resolveDepartment(prisma, actor, options.department_id);
  // Counted now, when the import starts; two at once past the peek meet here.
  const limit = await hitRateLimit(limitKey, 3600);
  if (limit.hits > PER_HOUR) throw tooMany(limit.retryAfterSeconds);
  const job = await prisma.importJob.create({
    data: { organization_id: department.organization_id, department_id: department.department_id, user_id: actor.id, source: "spreadsheet", source_name: target.url, options: options as object },
    select: { id: true },
  });
  await enqueueJob(QUEUES.contactImport, { import_id: job.id }, job.id);
  return { import_id: job.id, status: "queued" as const };
}

function tooMany(retryAfterSeconds: number): AppError {
  return AppError.tooManyRequests(retryAfterSeconds, `At most ${PER_HOUR} spreadsheet imports per hour.`);
}
