import { z } from "zod";

/**
 * A body schema that also takes other names for its keys, renamed before
 * validation (the name the schema uses wins when both are sent). For keys the
 * spec words differently from our API ("Field Name", "Display Label").
 */
export function withKeyAliases<S extends z.ZodType>(aliases: Record<string, string>, schema: S) {
  return z.preprocess((input) => {
    if (!input || typeof input !== "object" || Array.isArray(input)) return input;
    const renamed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const target = aliases[key];
      if (target === undefined) renamed[key] = value;
      else if (!(target in input)) renamed[target] = value;
    }
    return renamed;
  }, schema);
}
