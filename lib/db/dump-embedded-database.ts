import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Readable } from "node:stream";
import { database } from "./client";
import { gzipTarball } from "./gzip-tarball";
import { isOperatorToken } from "./operator-access";

/**
 * A consistent copy of the running embedded database (GET /api/operator/backup,
 * called by `npm run backup`): the server owns the data folder, so the copy is
 * taken by it, between transactions (driver.ts, dumpConsistently). Only the
 * operator token this server published in its data folder opens it.
 */
export async function dumpEmbeddedDatabase({ operatorToken }: { operatorToken: string | null }): Promise<Readable> {
  if (!isOperatorToken(operatorToken)) throw AppError.unauthenticated();
  const { driver } = database();
  if (!driver.dumpDataDir) throw AppError.conflict("This server runs on PostgreSQL: back it up with pg_dump.");
  return gzipTarball(await driver.dumpDataDir());
}
