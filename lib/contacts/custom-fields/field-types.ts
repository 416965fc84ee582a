import { looseKey } from "@/lib/client/format/loose-key";

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
  "short text": "text_short",
  string: "text_short",
  "long text": "text_long",
  textarea: "text_long",
  int: "integer",
  number: "decimal",
  float: "decimal",
  select: "dropdown",
  enum: "dropdown",
  boolean: "checkbox",
  bool: "checkbox",
  "Checkbox (yes/no boolean)": "checkbox",
};

const TYPE_BY_LOOSE_KEY = new Map<string, FieldType>([
  ...FIELD_TYPES.map((type): [string, FieldType] => [looseKey(type), type]),
  ...Object.entries(FIELD_TYPE_LABELS).map(([type, label]): [string, FieldType] => [looseKey(label), type as FieldType]),
  ...Object.entries(FIELD_TYPE_ALIASES).map(([alias, type]): [string, FieldType] => [looseKey(alias), type]),
]);

/** A field type as sent ("Text (short)", "select", "TEXT_LONG") in the stored spelling; anything unknown is returned as it came, to be refused. */
export function canonicalFieldType(value: unknown): unknown {
  return typeof value === "string" ? (TYPE_BY_LOOSE_KEY.get(looseKey(value)) ?? value) : value;
}
