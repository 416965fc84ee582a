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
