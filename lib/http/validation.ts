import { z } from "zod";
import { AppError, type FieldErrors } from "@/lib/errors/app-error";
// Schemas without a message of their own speak in people's words (issue 45).
import "./zod-messages";

/**
 * zod issues → `{ field: [reasons] }`, keyed by the dotted path. The object
 * has no prototype: a field named `toString`, `constructor` or `__proto__`
 * (an unknown key a strict schema reports) is a key like any other, where a
 * plain object's `errors[key] ??= []` found the inherited function and threw.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = Object.create(null);
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
 * Why PostgreSQL cannot store a text, or undefined: a NUL character (text
 * columns) or half of a UTF-16 surrogate pair, which JSON can spell ("\ud800")
 * but jsonb refuses and UTF-8 cannot encode. Refused up front as invalid input
 * rather than failing inside a statement.
 */
function unstorableReason(text: string): string | undefined {
  if (text.includes("\u0000")) return "may not contain the NUL character.";
  if (!text.isWellFormed()) return "may not contain half of a surrogate pair (text that is not valid Unicode).";
  return undefined;
}

/** The dotted path of the first string (or key) PostgreSQL cannot store, and why. */
export function unstorableText(value: unknown, path: string[] = []): { path: string; reason: string } | undefined {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path: path.join(".") || "body", reason } : undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const reason = unstorableReason(key);
    if (reason) return { path: [...path, key.replaceAll("\u0000", "").toWellFormed()].join(".") || "body", reason };
    const found = unstorableText(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `{ field: [reason] }` for a NUL character or a lone surrogate anywhere in the input, or undefined. */
export function unstorableTextErrors(input: unknown): FieldErrors | undefined {
  const found = unstorableText(input);
  return found === undefined ? undefined : { [found.path]: [found.reason] };
}

/** Throws the 422 for a NUL character or a lone surrogate anywhere in a request's query or body. */
export function refuseUnstorableText(input: unknown): void {
  const errors = unstorableTextErrors(input);
  if (errors) throw AppError.validation(errors);
}

/** The same value with every NUL character and lone surrogate shown as U+FFFD, for keeping refused input where it can be read. */
export function replaceUnstorableText<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "\uFFFD").toWellFormed() as T;
  if (Array.isArray(value)) return value.map(replaceUnstorableText) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [replaceUnstorableText(key), replaceUnstorableText(item)])) as T;
}
