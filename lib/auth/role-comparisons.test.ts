import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Who sees what is decided once (lib/auth/scope.ts, with the role → permission
// table in lib/auth/permissions.ts). A role compared anywhere else is a second
// copy of the rules, which is how the tag leak of issue 18 grew: this test
// fails when one appears.

const ROOT = path.resolve(import.meta.dirname, "../..");
const ALLOWED = new Set(["lib/auth/scope.ts", "lib/auth/permissions.ts"]);
// Demo data picks its demo users by role to build calls and contacts; it decides nobody's access.
const ALLOWED_DIRS = ["lib/setup/demo/", "lib/generated/"];

const ROLE = `["'\`](?:super_admin|account_admin|dept_manager|agent)["'\`]`;
const COMPARISONS = [
  new RegExp(`\\brole\\s*[!=]==?\\s*${ROLE}`), // user.role === "agent"
  new RegExp(`${ROLE}\\s*[!=]==?\\s*[\\w.?]*\\brole\\b`), // "agent" === user.role
  /\.includes\(\s*[\w.?]*\.role\b/, // [...].includes(user.role)
  /\bswitch\s*\(\s*[\w.?]*\.role\s*\)/, // switch (user.role)
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("role comparisons", () => {
  it("happen only in the scope and permission modules", () => {
    const offenders: string[] = [];
    for (const top of ["lib", "app", "components"]) {
      for (const file of sourceFiles(path.join(ROOT, top))) {
        const relative = path.relative(ROOT, file);
        if (ALLOWED.has(relative) || ALLOWED_DIRS.some((dir) => relative.startsWith(dir))) continue;
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, index) => {
            if (COMPARISONS.some((pattern) => pattern.test(line))) offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });

  it("would catch one", () => {
    expect(COMPARISONS.some((pattern) => pattern.test(`if (actor.role === "dept_manager") return;`))).toBe(true);
    expect(COMPARISONS.some((pattern) => pattern.test(`const mine = ["agent"].includes(user.role);`))).toBe(true);
    expect(COMPARISONS.some((pattern) => pattern.test(`if (input.role !== undefined) return;`))).toBe(false);
  });
});
