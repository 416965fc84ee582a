// Which CSV column feeds which contact field. Headers are compared without
// case, spaces or punctuation ("Phone Number" = "phone_number" = "PHONENUMBER"),
// with the synonyms people actually use; other columns go to the custom field
// of the same name or label; an explicit mapping wins over all of that.

import { looseKey } from "@/lib/client/format/loose-key";

export type ContactField = "name" | "phone" | "email" | "company" | "tags" | "notes" | "opted_out";
export type Target = { kind: "field"; field: ContactField } | { kind: "custom"; name: string };

const SYNONYMS: Record<ContactField, string[]> = {
  name: ["name", "fullname", "contactname", "contact", "customername", "displayname"],
  phone: ["phone", "phonenumber", "mobile", "mobilenumber", "mobilephone", "cell", "cellphone", "telephone", "tel", "number", "phoneno"],
  email: ["email", "emailaddress", "mail", "emailid"],
  company: ["company", "companyname", "organization", "organisation", "business", "account", "employer"],
  tags: ["tags", "tag", "labels", "label", "groups"],
  notes: ["notes", "note", "comments", "comment", "remarks", "description"],
  opted_out: ["optedout", "optout", "donotcall", "dnc", "donotcontact", "unsubscribed"],
};

// How an opt-out column says yes or no. Anything else is left as written, so
// the row is refused with the reason instead of guessed.
const YES = new Set(["yes", "y", "true", "1", "x", "opted out", "optedout"]);
const NO = new Set(["no", "n", "false", "0"]);

export function normalizeHeader(header: string): string {
  return looseKey(header.replace(/^\uFEFF/, ""));
}

export interface ColumnMapping {
  targets: (Target | null)[];
  unmapped: string[];
}

export function mapColumns(headers: string[], customFields: { name: string; label: string }[], explicit: Record<string, string> = {}): ColumnMapping {
  const explicitByHeader = new Map(Object.entries(explicit).map(([column, field]) => [normalizeHeader(column), field]));
  const used = new Set<string>();
  const targets = headers.map((header): Target | null => {
    const key = normalizeHeader(header);
    const chosen = explicitByHeader.get(key);
    if (chosen !== undefined) {
      if (chosen === "" || chosen === "ignore") return null;
      if (chosen.startsWith("custom_fields.")) return { kind: "custom", name: chosen.slice("custom_fields.".length) };
      return Object.hasOwn(SYNONYMS, chosen) ? { kind: "field", field: chosen as ContactField } : null;
    }
    for (const [field, names] of Object.entries(SYNONYMS) as [ContactField, string[]][]) {
      if (names.includes(key) && !used.has(field)) {
        used.add(field);
        return { kind: "field", field };
      }
    }
    const custom = customFields.find((f) => normalizeHeader(f.name) === key || normalizeHeader(f.label) === key);
    return custom ? { kind: "custom", name: custom.name } : null;
  });
  return { targets, unmapped: headers.filter((_, i) => targets[i] === null) };
}

/** One CSV row as contact input: trimmed, tags split on ; or , and empty cells dropped. */
export function rowToInput(cells: string[], mapping: ColumnMapping) {
  const input: { name?: string; phone?: string; email?: string; company?: string; notes?: string; tags?: string[]; opted_out?: boolean | string; custom_fields?: Record<string, string> } = {};
  mapping.targets.forEach((target, index) => {
    const value = (cells[index] ?? "").trim();
    if (!target || value === "") return;
    if (target.kind === "custom") (input.custom_fields ??= {})[target.name] = value;
    else if (target.field === "tags")
      input.tags = value
        .split(/[;,]/)
        .map((t) => t.trim())
        .filter(Boolean);
    else if (target.field === "opted_out") input.opted_out = YES.has(value.toLowerCase()) ? true : NO.has(value.toLowerCase()) ? false : value;
    else input[target.field] = value;
  });
  return input;
}
