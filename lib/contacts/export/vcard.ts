// vCard 3.0 (RFC 2426): one card per contact, CRLF line ends, values escaped,
// lines folded at 75 octets.

function escapeValue(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;");
}

function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, "utf8") > limit) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export interface VCardContact {
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  notes: string | null;
  tags: string[];
  extra?: [string, string][];
}

export function toVCard(contact: VCardContact): string {
  const [first, ...rest] = contact.name.trim().split(/\s+/);
  const family = rest.length ? rest[rest.length - 1] : "";
  const given = rest.length ? [first, ...rest.slice(0, -1)].join(" ") : first;
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${escapeValue(contact.name)}`,
    `N:${escapeValue(family)};${escapeValue(given)};;;`,
    `TEL;TYPE=VOICE:${escapeValue(contact.phone)}`,
    ...(contact.email ? [`EMAIL;TYPE=INTERNET:${escapeValue(contact.email)}`] : []),
    ...(contact.company ? [`ORG:${escapeValue(contact.company)}`] : []),
    ...(contact.tags.length ? [`CATEGORIES:${contact.tags.map(escapeValue).join(",")}`] : []),
    ...(contact.notes ? [`NOTE:${escapeValue(contact.notes)}`] : []),
    ...(contact.extra ?? []).map(([key, value]) => `X-${key.toUpperCase().replace(/[^A-Z0-9-]/g, "-")}:${escapeValue(value)}`),
    "END:VCARD",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
