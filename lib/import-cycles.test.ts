import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Domain modules import each other statically and without cycles: jobs are
// queued by name (lib/jobs) and their handlers registered at start-up, so no
// module needs a dynamic import to break a cycle (issue 22).

const ROOT = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Static imports only (`import … from`, `export … from`), not type-only ones: those vanish at build. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm)].map((m) => m[1]);
  return found.map((spec) => resolve(file, spec)).filter((f): f is string => f !== null && f.startsWith(path.join(ROOT, "lib")));
}

describe("lib's module graph", () => {
  const files = sources(path.join(ROOT, "lib"));
  const graph = new Map(files.map((f) => [f, imports(f)]));

  it("has no import cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...stack.slice(stack.indexOf(file)), file].map((f) => path.relative(ROOT, f)).join(" → "));
        return;
      }
      state.set(file, "visiting");
      stack.push(file);
      for (const next of graph.get(file) ?? []) visit(next);
      stack.pop();
      state.set(file, "done");
    };
    for (const file of files) visit(file);
    expect(cycles).toEqual([]);
  });

  it("uses no dynamic import to reach another module of lib", () => {
    const dynamic = files.filter((f) => /await import\(["']@\/lib|await import\(["']\.\.?\//.test(readFileSync(f, "utf8")));
    expect(dynamic.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
