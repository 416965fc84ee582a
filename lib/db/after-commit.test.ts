import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterCommit, runInTransaction } from "./after-commit";

// A real transaction (PGlite in memory) stands in for Prisma's: the work left
// for after the commit runs once it has committed, never after a rollback.

const db = new PGlite();
// Starting PGlite takes 4-6 s on a 2-core machine: in the hook, not in the first test's 5 s.
beforeAll(() => db.waitReady, 30_000);
afterAll(() => db.close());

async function transaction<T>(fn: (tx: object) => Promise<T>): Promise<T> {
  return runInTransaction(
    (inside) =>
      db.transaction(async (t) => {
        await t.query("SELECT 1");
        return inside({});
      }),
    fn,
  );
}

describe("afterCommit", () => {
  it("runs a transaction's work once it has committed, and drops it when it rolls back", async () => {
    const ran: string[] = [];
    await transaction(async (tx) => {
      afterCommit(tx, () => ran.push("committed"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["committed"]);

    await expect(
      transaction(async (tx) => {
        afterCommit(tx, () => ran.push("rolled back"));
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(ran).toEqual(["committed"]);
  });

  it("runs at once when given no transaction (its statement has committed)", () => {
    const ran: string[] = [];
    afterCommit({}, () => ran.push("now"));
    expect(ran).toEqual(["now"]);
  });
});
