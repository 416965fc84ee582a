import { describe, expect, it } from "vitest";
import { copyOrder } from "./copy-order";

const key = (table: string, references: string, name = `${table}_${references}_fkey`) => ({ name, table, references });

describe("copyOrder", () => {
  it("puts referenced tables before the tables that name them, whatever order they come in", () => {
    const { tables, deferred } = copyOrder(["c", "b", "a"], [key("c", "b"), key("b", "a"), key("c", "a")]);
    expect(tables).toEqual(["a", "b", "c"]);
    expect(deferred).toEqual([]);
  });

  it("needs nothing for a table that names itself", () => {
    expect(copyOrder(["contacts"], [key("contacts", "contacts")])).toEqual({ tables: ["contacts"], deferred: [] });
  });

  it("defers the one key that closes a cycle between tables, and orders the rest", () => {
    const { tables, deferred } = copyOrder(["a", "b", "c"], [key("a", "b"), key("b", "a"), key("c", "a")]);
    expect(deferred).toHaveLength(1);
    expect(new Set(tables)).toEqual(new Set(["a", "b", "c"]));
    // Every key not deferred points to a table filled before.
    const position = (table: string) => tables.indexOf(table);
    for (const each of [key("a", "b"), key("b", "a"), key("c", "a")].filter((k) => k.name !== deferred[0].name)) {
      expect(position(each.references)).toBeLessThan(position(each.table));
    }
  });

  it("ignores keys to tables outside the copy (filled another way)", () => {
    expect(copyOrder(["pgboss.job"], [key("pgboss.job", "pgboss.queue")])).toEqual({ tables: ["pgboss.job"], deferred: [] });
  });
});
