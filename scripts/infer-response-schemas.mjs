// Drafts JSON schemas for the API's success answers from answers the API
// suites really received (RECORD_API_RESPONSES=<dir> npm test … writes them;
// e2e/support/response-check.ts). A draft to read and finish by hand in
// lib/openapi/response-schemas.ts, never loaded by the product: the document's
// schemas are held true by the same suites, which check every answer.
//
//   node scripts/infer-response-schemas.mjs <dir> [--missing] > draft.json
//
// A property is required when every sample had it; a type is what the samples
// had, plus null when the column it comes from is nullable in
// prisma/schema.prisma (a sample run rarely shows every null).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, flag] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/infer-response-schemas.mjs <dir> [--missing]");
  process.exit(2);
}

const nullableColumns = new Set();
for (const line of readFileSync("prisma/schema.prisma", "utf8").split("\n")) {
  const m = /^\s+(\w+)\s+\w+\?(.*)$/.exec(line);
  if (!m) continue;
  const mapped = /@map\("(\w+)"\)/.exec(m[2]);
  nullableColumns.add(mapped ? mapped[1] : m[1].replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

// Objects whose keys are the user's or the record's own (custom fields, an audit
// entry's details, an operation's input): described as objects, not field by field.
const FREE_FORM = new Set(["custom_fields", "details", "input", "result", "payload", "mapping", "values_won", "values", "filter", "scopes"]);
const FIELD_ERRORS = new Set(["errors"]);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function shape() {
  return { types: new Set(), props: new Map(), objects: 0, items: null, strings: 0, isoStrings: 0, dateStrings: 0, keyCounts: [] };
}

function add(s, value) {
  if (value === null) return s.types.add("null");
  if (Array.isArray(value)) {
    s.types.add("array");
    s.items ??= shape();
    for (const item of value) add(s.items, item);
    return;
  }
  switch (typeof value) {
    case "object": {
      s.types.add("object");
      s.objects += 1;
      const keys = Object.keys(value);
      s.keyCounts.push(keys.length);
      for (const key of keys) {
        const entry = s.props.get(key) ?? { shape: shape(), count: 0 };
        entry.count += 1;
        add(entry.shape, value[key]);
        s.props.set(key, entry);
      }
      return;
    }
    case "number":
      return s.types.add(Number.isInteger(value) ? "integer" : "number");
    case "string":
      s.strings += 1;
      if (ISO.test(value)) s.isoStrings += 1;
      if (DATE.test(value)) s.dateStrings += 1;
      return s.types.add("string");
    default:
      return s.types.add(typeof value);
  }
}

/** Keys that are data (ids, dates, names of things) rather than fields: a map. */
function looksLikeMap(s) {
  const keys = [...s.props.keys()];
  return keys.length > 0 && (keys.every((k) => /^\d+$/.test(k) || DATE.test(k)) || (s.props.size > 30 && Math.max(...s.keyCounts) < s.props.size / 2));
}

function toSchema(s, name) {
  const types = new Set(s.types);
  if (types.has("integer") && types.has("number")) types.delete("integer");
  if (name && nullableColumns.has(name) && types.size > 0) types.add("null");
  const out = {};
  const list = [...types];
  if (list.length === 1) out.type = list[0];
  else if (list.length > 1) out.type = list;
  if (types.has("string") && s.strings > 0 && s.isoStrings === s.strings) out.format = "date-time";
  else if (types.has("string") && s.strings > 0 && s.dateStrings === s.strings) out.format = "date";
  if (types.has("array")) out.items = s.items && s.items.types.size > 0 ? toSchema(s.items) : {};
  if (types.has("object")) {
    if (FREE_FORM.has(name)) {
      // keys are data: nothing more to say
    } else if (FIELD_ERRORS.has(name) && !types.has("array")) {
      out.additionalProperties = { type: "array", items: { type: "string" } };
    } else if (looksLikeMap(s)) {
      const merged = shape();
      for (const { shape: p } of s.props.values()) mergeInto(merged, p);
      out.additionalProperties = toSchema(merged);
    } else {
      out.properties = Object.fromEntries([...s.props].sort(([a], [b]) => a.localeCompare(b)).map(([key, { shape: p }]) => [key, toSchema(p, key)]));
      const required = [...s.props].filter(([, { count }]) => count === s.objects).map(([key]) => key).sort();
      if (required.length) out.required = required;
    }
  }
  return out;
}

function mergeInto(target, source) {
  for (const t of source.types) target.types.add(t);
  target.objects += source.objects;
  target.strings += source.strings;
  target.isoStrings += source.isoStrings;
  target.dateStrings += source.dateStrings;
  target.keyCounts.push(...source.keyCounts);
  for (const [key, entry] of source.props) {
    const mine = target.props.get(key) ?? { shape: shape(), count: 0 };
    mine.count += entry.count;
    mergeInto(mine.shape, entry.shape);
    target.props.set(key, mine);
  }
  if (source.items) mergeInto((target.items ??= shape()), source.items);
}

const shapes = new Map();
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
    if (!line) continue;
    const { method, template, status, body } = JSON.parse(line);
    const key = `${method} ${template} ${status}`;
    add(shapes.get(key) ?? shapes.set(key, shape()).get(key), body);
  }
}

let documented = new Set();
if (flag === "--missing") {
  const source = readFileSync("lib/openapi/response-schemas.ts", "utf8");
  documented = new Set([...source.matchAll(/"((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^"]*)"/g)].map((m) => m[1]));
}
const draft = {};
for (const [key, s] of [...shapes].sort(([a], [b]) => a.localeCompare(b))) {
  const [method, template, status] = key.split(" ");
  if (documented.has(`${method} ${template}`)) continue;
  (draft[`${method} ${template}`] ??= {})[status] = toSchema(s);
}
console.log(JSON.stringify(draft, null, 2));
