import { z } from "zod";

/**
 * A required string field whose errors tell apart a missing value ("The name
 * field is required.") from one of the wrong type (`"name": 5` → "The name
 * must be a string."): both used to read "required", which sent a client
 * looking for a field it had sent.
 */
export function requiredText(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} must be a string.`),
  });
}
