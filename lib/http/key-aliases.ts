import { z } from "zod";

/**
 * A body schema that also takes other names for its keys, renamed before
 * validation (the name the schema uses wins when both are sent). For keys the
 * spec words differently from our API ("Field Name", "Display Label").
 * Only the map's own entries are aliases, and the renamed body has no
 * prototype: a key named `toString` or `__proto__` reaches the schema as
 * itself (a strict one names it), never as an inherited property.
 */
export function withKeyAliases<S extends z.ZodType>(aliases: Record<string, string>, schema: S) {
  const aliased = z.preprocess((input) => rename(aliases, input), schema);
  ALIASES.set(aliased, aliases);
  return aliased;
}

function rename(aliases: Record<string, string>, input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const renamed: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(input)) {
    const target = Object.hasOwn(aliases, key) ? aliases[key] : undefined;
    if (target === undefined) renamed[key] = value;
    else if (!Object.hasOwn(input, target)) renamed[target] = value;
  }
  return renamed;
}

// The aliases each aliased schema takes, for the check of unknown keys (unknown-keys.ts): an alias is a known key.
const ALIASES = new WeakMap<object, Record<string, string>>();

/** The input as an aliased schema sees it (its aliases renamed), or as it is for any other schema. */
export function renamedByAliases(schema: z.ZodType, input: unknown): unknown {
  const aliases = ALIASES.get(schema);
  return aliases ? rename(aliases, input) : input;
}
