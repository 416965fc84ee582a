import { z } from "zod";

// Errors in words a person uses (issue 45, point 9): "Enter a name", never
// "Too small: expected string to have >=1 characters". zod calls this for
// every issue whose schema gave no message of its own, on the server (the
// API's 422) and in the pages (forms that check before sending) alike; a
// schema's own message still wins.

/** "phone_number" → "phone number"; list positions ("2") and nothing → "a value". */
function label(path: readonly PropertyKey[] | undefined): string | null {
  const last = [...(path ?? [])].reverse().find((part) => typeof part === "string");
  return typeof last === "string" ? last.replaceAll("_", " ").replace(/\bid$/, "").trim() || null : null;
}

const what = (path: readonly PropertyKey[] | undefined) => {
  const name = label(path);
  return name ? `the ${name}` : "a value";
};

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "yes or no (true or false)",
  array: "a list",
  object: "an object",
  date: "a date",
};

const FORMAT_WORDS: Record<string, string> = {
  email: "an email address, like name@example.com",
  url: "a web address, like https://example.com",
  uuid: "an identifier (UUID)",
  datetime: "a date and time, like 2026-11-26T14:00:00Z",
  date: "a date, like 2026-11-26",
  time: "a time, like 14:00",
  e164: "a phone number in international form, like +14155550100",
};

const count = (n: number | bigint, noun: string) => `${n} ${noun}${Number(n) === 1 ? "" : "s"}`;

export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return `Enter ${what(issue.path)}.`;
      return `Enter ${TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`} here.`;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? `Enter ${what(issue.path)}.` : `Use at least ${count(issue.minimum, "character")}.`;
      if (issue.origin === "array" || issue.origin === "set") return Number(issue.minimum) <= 1 ? "Choose at least one." : `Choose at least ${issue.minimum}.`;
      if (issue.origin === "date") return "Pick a later date.";
      return issue.inclusive === false ? `Enter more than ${issue.minimum}.` : `Enter ${issue.minimum} or more.`;
    case "too_big":
      if (issue.origin === "string") return `Use at most ${count(issue.maximum, "character")}.`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at most ${issue.maximum}.`;
      if (issue.origin === "date") return "Pick an earlier date.";
      return issue.inclusive === false ? `Enter less than ${issue.maximum}.` : `Enter ${issue.maximum} or less.`;
    case "invalid_format":
      if (issue.format === "starts_with" || issue.format === "ends_with" || issue.format === "includes" || issue.format === "regex") return `This is not a valid ${label(issue.path) ?? "value"}.`;
      return `Enter ${FORMAT_WORDS[issue.format] ?? `a valid ${issue.format}`}.`;
    case "invalid_value":
      return issue.values.length === 1 ? `Must be ${JSON.stringify(issue.values[0])}.` : `Choose one of: ${issue.values.map((v) => String(v)).join(", ")}.`;
    case "not_multiple_of":
      return `Enter a multiple of ${issue.divisor}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return `This is not a valid ${label(issue.path) ?? "value"}.`;
    default:
      return undefined;
  }
}

z.config({ customError: humanMessage });
