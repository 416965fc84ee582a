import { describe, expect, it } from "vitest";
import { statementName } from "./statement-names";

describe("statementName", () => {
  it("names a statement on its third run, the same name every time after", () => {
    const text = "SELECT id FROM users WHERE id = $1 /* names test */";
    expect(statementName(text)).toBeUndefined();
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^n_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`  with x AS (SELECT 1) SELECT * FROM x /* other */`)).toBeUndefined();
  });

  it("never names what cannot be planned: transaction control, DDL, settings", () => {
    for (const text of ["BEGIN", "COMMIT", "CREATE INDEX x ON y (z)", "SET statement_timeout = 0", "LISTEN app_events"]) {
      for (let run = 0; run < 5; run++) expect(statementName(text)).toBeUndefined();
    }
  });

  it("names at most 400 texts: a list whose length varies stays unnamed once the set is full", () => {
    const names = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const text = `SELECT id FROM users WHERE id IN (${Array.from({ length: i + 1 }, (_, k) => `$${k + 1}`).join(",")})`;
      statementName(text);
      statementName(text);
      const name = statementName(text);
      if (name) names.add(name);
    }
    // One named by the first test of this file.
    expect(names.size).toBe(399);
  });
});
