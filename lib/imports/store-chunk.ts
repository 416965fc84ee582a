import "server-only";
import { runSql } from "@/lib/db/run-sql";

/**
 * Stores one chunk of an import's file. Past the ORM: Prisma sends bytes as
 * base64 and reads the row back, and the embedded database's adapter parses
 * the returned bytea one parseInt per byte, which held the server's thread for
 * seconds while a 5 MB upload was stored (issue 40, point 11).
 */
export async function storeImportChunk(importId: string, seq: number, data: Uint8Array): Promise<void> {
  await runSql().rows("INSERT INTO import_chunks (import_id, seq, data) VALUES ($1::uuid, $2, $3)", [importId, seq, data]);
}
