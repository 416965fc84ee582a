import { fieldVisibleTo } from "@/lib/auth/scope";
import type { Role } from "@/lib/generated/prisma/enums";
import type { FieldType } from "./field-types";

export interface FieldDefinition {
  name: string;
  label: string;
  field_type: string;
  options: string[];
  required: boolean;
  visible_to: Role[];
  archived_at: Date | null;
}

export const CUSTOM_FIELDS_MAX_BYTES = 64 * 1024;
const TEXT_SHORT_MAX = 255;
const TEXT_LONG_MAX = 10_000;

type Result = { value: unknown } | { error: string };

/** One value against its definition; the normalized value or why it is refused. */
export function checkFieldValue(definition: FieldDefinition, raw: unknown): Result {
  const type = definition.field_type as FieldType;
  switch (type) {
    case "text_short":
    case "text_long": {
      if (typeof raw !== "string" && typeof raw !== "number") return { error: "must be text" };
      const text = String(raw).trim();
      const max = type === "text_short" ? TEXT_SHORT_MAX : TEXT_LONG_MAX;
      return text.length > max ? { error: `may not be longer than ${max} characters` } : { value: text };
    }
    case "integer": {
      const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
      return typeof n === "number" && Number.isSafeInteger(n) ? { value: n } : { error: "must be a whole number" };
    }
    case "decimal": {
      const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
      return typeof n === "number" && Number.isFinite(n) ? { value: n } : { error: "must be a number" };
    }
    case "date": {
      if (typeof raw !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(raw.trim())) return { error: "must be a date (YYYY-MM-DD)" };
      const date = new Date(`${raw.trim()}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(raw.trim()) ? { value: raw.trim() } : { error: "must be a real date" };
    }
    case "dropdown": {
      const text = typeof raw === "string" ? raw.trim() : raw;
      const match = definition.options.find((option) => option.toLowerCase() === String(text).toLowerCase());
      return typeof text === "string" && match !== undefined ? { value: match } : { error: `must be one of: ${definition.options.join(", ")}` };
    }
    case "checkbox": {
      if (typeof raw === "boolean") return { value: raw };
      const text = String(raw).trim().toLowerCase();
      if (["yes", "true", "1", "y"].includes(text)) return { value: true };
      if (["no", "false", "0", "n"].includes(text)) return { value: false };
      return { error: "must be yes or no" };
    }
    default:
      return { error: "has an unknown type" };
  }
}

/**
 * Validates the custom_fields of a contact write for a caller of `role`:
 * unknown, archived or hidden keys are refused, values are typed by their
 * definition, null removes a value, required fields the caller can see must be
 * present (on create, or when `existing` lacks them). Returns the merged object
 * or field errors keyed `custom_fields.<name>`.
 */
export function validateCustomFieldValues({
  definitions,
  role,
  input,
  existing = {},
  requireAll,
}: {
  definitions: FieldDefinition[];
  role: Role;
  input: Record<string, unknown> | undefined;
  existing?: Record<string, unknown>;
  requireAll: boolean;
}): { values: Record<string, unknown>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = { ...existing };
  const writable = new Map(definitions.filter((d) => !d.archived_at && fieldVisibleTo(role, d.visible_to)).map((d) => [d.name, d]));
  for (const [key, raw] of Object.entries(input ?? {})) {
    const definition = writable.get(key);
    if (!definition) {
      errors[`custom_fields.${key}`] = ["is not a custom field."];
      continue;
    }
    if (raw === null || raw === "") {
      delete values[key];
      continue;
    }
    const result = checkFieldValue(definition, raw);
    if ("error" in result) errors[`custom_fields.${key}`] = [`${definition.label} ${result.error}.`];
    else values[key] = result.value;
  }
  if (requireAll || input) {
    for (const definition of writable.values()) {
      if (definition.required && (values[definition.name] === undefined || values[definition.name] === null)) {
        errors[`custom_fields.${definition.name}`] ??= [`${definition.label} is required.`];
      }
    }
  }
  if (Buffer.byteLength(JSON.stringify(values)) > CUSTOM_FIELDS_MAX_BYTES) {
    errors.custom_fields = [`Custom fields may not be larger than ${CUSTOM_FIELDS_MAX_BYTES / 1024} KB.`];
  }
  return { values, errors };
}

/** The values a caller of `role` may see. */
export function visibleCustomFields(definitions: FieldDefinition[], role: Role, values: unknown): Record<string, unknown> {
  const source = (values && typeof values === "object" ? values : {}) as Record<string, unknown>;
  const visible: Record<string, unknown> = {};
  for (const definition of definitions) {
    if (definition.archived_at || !fieldVisibleTo(role, definition.visible_to)) continue;
    if (source[definition.name] !== undefined) visible[definition.name] = source[definition.name];
  }
  return visible;
}
