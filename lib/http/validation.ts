import { z } from "zod";
import { AppError, type FieldErrors } from "./errors";

/** zod issues → `{ field: [reasons] }`, keyed by the dotted path. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // A strict object's extra keys are reported each under its own name.
    if (issue.code === "unrecognized_keys") {
      for (const extra of issue.keys) (errors[[...issue.path, extra].join(".")] ??= []).push("is not a known field.");
      continue;
    }
    const key = issue.path.length ? issue.path.join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
  return result.data;
}

/**
 * The dotted path of the first string (or key) holding a NUL character, which
 * PostgreSQL cannot store in text: refused up front as invalid input rather
 * than failing inside a statement.
 */
export function nulCharacterPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "")].join(".") || "body";
    const found = nulCharacterPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `{ field: [reason] }` for a NUL character anywhere in the input, or undefined. */
export function nulCharacterErrors(input: unknown): FieldErrors | undefined {
  const path = nulCharacterPath(input);
  return path === undefined ? undefined : { [path]: ["may not contain the NUL character."] };
}

/** Throws the 422 for a NUL character anywhere in a request's query or body. */
export function refuseNulCharacters(input: unknown): void {
  const errors = nulCharacterErrors(input);
  if (errors) throw AppError.validation(errors);
}

/** The same value with every NUL character shown as U+FFFD, for keeping refused input where it can be read. */
export function replaceNulCharacters<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "\uFFFD") as T;
  if (Array.isArray(value)) return value.map(replaceNulCharacters) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [replaceNulCharacters(key), replaceNulCharacters(item)])) as T;
}
