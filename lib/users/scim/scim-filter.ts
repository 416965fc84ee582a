import { unstorableText } from "@/lib/http/validation";
import { ScimFailure } from "./scim-failure";

// The filters provisioning clients send (RFC 7644 §3.4.2.2): Okta and Entra ID
// look a user up by `userName eq "…"` or `externalId eq "…"` and a group by
// `displayName eq "…"` before creating it. Equality on one attribute, the
// attribute name case-insensitive as SCIM's are; anything else is refused with
// the protocol's invalidFilter rather than answered wrongly.

export interface EqualityFilter {
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*$/i;

/** `filter` → the attribute (as named in `allowed`) and the value, or null for no filter. */
export function parseFilter(filter: string | null | undefined, allowed: readonly string[]): EqualityFilter | null {
  if (filter === null || filter === undefined || filter.trim() === "") return null;
  const match = FILTER.exec(filter);
  if (!match) throw new ScimFailure(400, `Only equality filters are supported (attribute eq "value"): ${filter.slice(0, 200)}`, "invalidFilter");
  const attribute = allowed.find((name) => name.toLowerCase() === match[1].toLowerCase());
  if (!attribute) throw new ScimFailure(400, `Filtering on ${match[1]} is not supported; use one of ${allowed.join(", ")}.`, "invalidFilter");
  let value: unknown;
  try {
    value = JSON.parse(match[2]);
  } catch {
    throw new ScimFailure(400, "The filter's value is not a valid string.", "invalidFilter");
  }
  // No attribute holds a NUL or half a surrogate pair, and the database refuses to compare with one: a client's mistake (400), not ours (500).
  const unstorable = unstorableText(String(value));
  if (unstorable) throw new ScimFailure(400, `The filter's value ${unstorable.reason}`, "invalidFilter");
  return { attribute, value: String(value) };
}
