// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import type { ReactNode } from "react";

/**
 * A form's field errors, tied to their fields: `message(field)` renders the
 * error with an id, and `linked(field, hintId?)` gives the field
 * `aria-invalid` and an `aria-describedby` naming its hint and its error, so
 * a screen reader reads why the field was refused when it lands on it.
 */
export function fieldErrors(errors: Record<string, string[] | undefined>, prefix: string) {
  const errorId = (field: string) => `${prefix}-${field.replace(/\W+/g, "-")}-error`;
  return {
    message: (field: string): ReactNode =>
      errors[field]?.[0] ? (
        <span id={errorId(field)} className="error">
          {errors[field]![0]}
        </span>
      ) : null,
    linked: (field: string, hintId?: string) => {
      const ids = [hintId, errors[field]?.[0] ? errorId(field) : undefined].filter(Boolean).join(" ");
      return { "aria-invalid": errors[field]?.[0] ? true : undefined, "aria-describedby": ids || undefined };
    },
  };
}
