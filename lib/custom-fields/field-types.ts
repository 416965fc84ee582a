// The spec's seven custom field types, as stored in field_type.
export const FIELD_TYPES = ["text_short", "text_long", "integer", "decimal", "date", "dropdown", "checkbox"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text_short: "Text (short)",
  text_long: "Text (long)",
  integer: "Number (integer)",
  decimal: "Number (decimal)",
  date: "Date",
  dropdown: "Dropdown",
  checkbox: "Checkbox (yes/no)",
};

// What people call these types when they write to the API without our
// reference at hand: the spec's own labels ("Text (short)", "Number
// (decimal)") and the usual names elsewhere (text, textarea, select, boolean).
const FIELD_TYPE_ALIASES: Record<string, FieldType> = {
  text: "text_short",
  short_text: "text_short",
  string: "text_short",
  long_text: "text_long",
  textarea: "text_long",
  int: "integer",
  number_integer: "integer",
  number: "decimal",
  number_decimal: "decimal",
  float: "decimal",
  select: "dropdown",
  enum: "dropdown",
  boolean: "checkbox",
  bool: "checkbox",
  checkbox_yes_no: "checkbox",
  checkbox_yes_no_boolean: "checkbox",
};

/** A field type as sent ("Text (short)", "select", "TEXT_LONG") in the stored spelling; anything unknown is returned as it came, to be refused. */
export function canonicalFieldType(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase().replace(/[^a-z]+/g, "_").replace(/^_|_$/g, "");
  if ((FIELD_TYPES as readonly string[]).includes(key)) return key;
  return FIELD_TYPE_ALIASES[key] ?? value;
}
