import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readMigrations } from "./migrate";

describe("migration files", () => {
  it("are read in name order with Prisma's SHA-256 checksum of the file", () => {
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    const first = migrations[0];
    const file = readFileSync(path.join("prisma", "migrations", first.name, "migration.sql"));
    expect(first.checksum).toBe(createHash("sha256").update(file).digest("hex"));
  });
});
