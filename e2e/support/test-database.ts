import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

/**
 * A connection to the suite's PostgreSQL database (TEST_DB=postgres), open for
 * the file's tests: for what only the database shows. Call at the top of a file.
 */
export function connectToTestDatabase(): pg.Client {
  const db = new pg.Client({ connectionString: inject("databaseUrl") });
  beforeAll(() => db.connect());
  afterAll(() => db.end());
  return db;
}
