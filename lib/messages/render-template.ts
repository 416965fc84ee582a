// Saved replies name the contact's fields in double braces: {{name}},
// {{first_name}}, {{last_name}}, {{company}}, {{email}}, {{phone}}, and any
// custom field by its key. A placeholder with no value for this contact
// becomes empty, never the raw braces in a customer's phone.

export interface TemplateContact {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  custom_fields?: Record<string, unknown> | null;
}

export const TEMPLATE_PLACEHOLDERS = ["name", "first_name", "last_name", "company", "email", "phone"] as const;

export function renderTemplate(body: string, contact: TemplateContact | null): string {
  const words = (contact?.name ?? "").trim().split(/\s+/).filter(Boolean);
  const values: Record<string, unknown> = {
    ...(contact?.custom_fields ?? {}),
    name: contact?.name,
    first_name: words[0],
    last_name: words.length > 1 ? words.slice(1).join(" ") : undefined,
    company: contact?.company,
    email: contact?.email,
    phone: contact?.phone,
  };
  return body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, key: string) => {
    const value = values[key.toLowerCase()] ?? values[key];
    return value === null || value === undefined ? "" : String(value);
  });
}
