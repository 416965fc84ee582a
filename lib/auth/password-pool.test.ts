import { afterEach, describe, expect, it } from "vitest";
import { createPasswordPool, type PasswordPool } from "./password-pool";

// A hash bcryptjs made on the request thread, as before the pool (cost 4 to keep the test quick): stored hashes keep working.
const EARLIER_HASH = "$2b$04$DdB0dwG1aW2EK5EDnwcIw.yEwEvObedzi8XfF.g7HbLgNRoezgaPW";

describe("the password pool", () => {
  let pool: PasswordPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("hashes and compares in its threads, in bcrypt's format", async () => {
    pool = createPasswordPool({ threads: 2, queue: 10 });
    const hash = (await pool.run({ op: "hash", password: "s3cret", cost: 4 })!) as string;
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(await pool.run({ op: "compare", password: "s3cret", hash })).toBe(true);
    expect(await pool.run({ op: "compare", password: "s3cret", hash: EARLIER_HASH })).toBe(true);
    expect(await pool.run({ op: "compare", password: "wrong", hash: EARLIER_HASH })).toBe(false);
  });

  it("refuses at once (null) what its threads and line cannot hold, and finishes the rest", async () => {
    pool = createPasswordPool({ threads: 1, queue: 3 });
    const answers = Array.from({ length: 10 }, () => pool!.run({ op: "compare", password: "s3cret", hash: EARLIER_HASH }));
    expect(answers.filter((a) => a === null)).toHaveLength(6);
    expect(await Promise.all(answers.filter((a) => a !== null))).toEqual([true, true, true, true]);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("keeps the event loop free while it works", async () => {
    pool = createPasswordPool({ threads: 1, queue: 20 });
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    // Cost 10: tens to hundreds of milliseconds each, which on this thread would hold every timer.
    await Promise.all(Array.from({ length: 8 }, () => pool!.run({ op: "compare", password: "x", hash: "$2b$10$CwTycUXWue0Thq9StjUM0uJ8o2hS8x8pniZ6Ex9Tz2Gq6JO1F6h2m" })));
    clearInterval(timer);
    // On this thread, eight checks at once would hold a timer for most of a second (bcryptjs works in 100 ms slices).
    expect(longest).toBeLessThan(300);
    // The gate runs this beside the type check on two cores: eight checks on one thread may take seconds there.
  }, 30_000);
});
