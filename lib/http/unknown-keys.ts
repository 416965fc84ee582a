import type { z } from "zod";
import { renamedByAliases } from "./key-aliases";

// Bodies are exact (issue 59, point 6): a key the schema does not name is
// refused (422 naming it) rather than dropped, so `{"dryRun": true}` to a
// route that knows `dry_run` is an error, never a real run. zod drops unknown
// keys by default; this walks the schema beside the input before parsing and
// names every key no object of the schema knows, at any depth. An object that
// takes any key says so in its schema (`.loose()`, a catchall, z.record).

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The dotted paths of keys in `value` that `schema` does not know. */
export function unknownKeys(schema: z.ZodType, value: unknown, path: string[] = []): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isPlainObject(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      return Object.keys(value).flatMap((key) => {
        if (Object.hasOwn(shape, key)) return unknownKeys(shape[key], value[key], [...path, key]);
        if (catchall && defOf(catchall).type !== "never") return unknownKeys(catchall, value[key], [...path, key]);
        return [[...path, key].join(".")];
      });
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
    case "success":
      return unknownKeys(def.innerType as z.ZodType, value, path);
    case "lazy":
      return unknownKeys((def.getter as () => z.ZodType)(), value, path);
    case "pipe": {
      // z.preprocess(fn, schema): the keys are the inner schema's, once the aliases it declares are renamed.
      const input = def.in as z.ZodType;
      if (defOf(input).type === "transform") return unknownKeys(def.out as z.ZodType, renamedByAliases(schema, value), path);
      return unknownKeys(input, value, path);
    }
    case "union": {
      // The option that knows the most of the input decides (a discriminated union: its own option).
      const options = def.options as z.ZodType[];
      const found = options.map((option) => unknownKeys(option, value, path));
      return found.reduce((fewest, keys) => (keys.length < fewest.length ? keys : fewest), found[0] ?? []);
    }
    case "intersection": {
      const left = new Set(unknownKeys(def.left as z.ZodType, value, path));
      return unknownKeys(def.right as z.ZodType, value, path).filter((key) => left.has(key));
    }
    case "array":
      return Array.isArray(value) ? value.flatMap((item, i) => unknownKeys(def.element as z.ZodType, item, [...path, String(i)])) : [];
    case "record":
      return isPlainObject(value) ? Object.keys(value).flatMap((key) => unknownKeys(def.valueType as z.ZodType, value[key], [...path, key])) : [];
    default:
      return [];
  }
}
