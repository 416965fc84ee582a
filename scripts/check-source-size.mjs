// Written code stays readable in any editor and any review (issue 62): no
// line over 200 characters and no file over 40 KB, checked in `npm run lint`.
// Generated files are what their scripts write; prose and data are not code.
// Layout within the limit is Prettier's (.prettierrc.json, checked before this).
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";

const MAX_LINE = 200;
const MAX_BYTES = 40_000;
const CODE = /\.(?:ts|tsx|js|mjs|cjs)$/;
// npm run api:types and npm run routes write these.
const GENERATED = new Set(["lib/client/api/schema.d.ts", "app/api/operations.ts"]);

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter((file) => CODE.test(file) && !GENERATED.has(file) && !file.startsWith("lib/generated/"));
const problems = [];
for (const file of files) {
  let size;
  try {
    size = statSync(file).size;
  } catch {
    continue; // deleted, not yet staged
  }
  if (size > MAX_BYTES) problems.push(`${file}: ${size.toLocaleString("en")} bytes (split it by what its parts are about)`);
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => line.length > MAX_LINE && problems.push(`${file}:${i + 1}: ${line.length} characters`));
}
if (problems.length) {
  console.error(`Over ${MAX_LINE} characters a line or ${MAX_BYTES.toLocaleString("en")} bytes a file:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ ${files.length} source files, none over ${MAX_LINE} characters a line or ${MAX_BYTES.toLocaleString("en")} bytes`);
