// Saved replies name the contact's fields in double braces: {{name}},
// {{first_name}}, {{last_name}}, {{company}}, {{email}}, {{phone}}, and any
// custom field by its key. A field the contact has no value for is a gap
// (issue 45): the composer shows it and will not send it, and the API refuses
// such a send (missingTemplateFields). A placeholder that names no field at
// all renders empty, never the raw braces in a customer's phone.

export interface TemplateContact {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  custom_fields?: Record<string, unknown> | null;
}

export const TEMPLATE_PLACEHOLDERS = ["name", "first_name", "last_name", "company", "email", "phone"] as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function fieldValues(contact: TemplateContact | null): Record<string, unknown> {
  const words = (contact?.name ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    ...(contact?.custom_fields ?? {}),
    name: contact?.name,
    first_name: words[0],
    last_name: words.length > 1 ? words.slice(1).join(" ") : undefined,
    company: contact?.company,
    email: contact?.email,
    phone: contact?.phone,
  };
}

const valueOf = (values: Record<string, unknown>, key: string) => {
  const value = values[key.toLowerCase()] ?? values[key];
  return value === null || value === undefined || String(value).trim() === "" ? null : String(value);
};

/** The template filled from the contact; a field without a value, and a placeholder of no field, become empty. */
export function renderTemplate(body: string, contact: TemplateContact | null): string {
  const values = fieldValues(contact);
  return body.replace(PLACEHOLDER, (_, key: string) => valueOf(values, key) ?? "");
}

/**
 * The template filled from the contact, leaving each field it has no value
 * for as its placeholder, and those fields: what the composer shows (the gap
 * to fill) and what the API refuses. `fields`: the organization's custom
 * field keys, which are fields even where this contact has none.
 */
export function fillTemplate(body: string, contact: TemplateContact | null, fields: readonly string[] = []): { text: string; missing: string[] } {
  const values = fieldValues(contact);
  const known = new Set([...TEMPLATE_PLACEHOLDERS, ...fields.map((f) => f.toLowerCase()), ...Object.keys(contact?.custom_fields ?? {}).map((f) => f.toLowerCase())]);
  const missing = new Set<string>();
  const text = body.replace(PLACEHOLDER, (whole, key: string) => {
    const value = valueOf(values, key);
    if (value !== null) return value;
    if (!known.has(key.toLowerCase())) return "";
    missing.add(key.toLowerCase());
    return `{{${key}}}`;
  });
  return { text, missing: [...missing] };
}

/** Placeholders of known fields still in a text (a gap the agent has not filled). */
export function unfilledFields(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1].toLowerCase()))];
}
