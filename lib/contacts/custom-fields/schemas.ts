import { z } from "zod";
import { intId } from "@/lib/http/params";
import { withKeyAliases } from "@/lib/http/key-aliases";
import { patchSchema } from "@/lib/http/patch-schema";
import { roleSchema } from "@/lib/users/schemas";
import { canonicalFieldType, FIELD_TYPES } from "./field-types";

// Shared by the custom field routes and the admin settings page.
const fieldName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, "The name must be snake_case: lowercase letters, digits and underscores, starting with a letter.");

const base = z.object({
  name: fieldName,
  label: z.string().trim().min(1, "The label field is required.").max(255),
  field_type: z.preprocess(canonicalFieldType, z.enum(FIELD_TYPES, { error: `The field type must be one of: ${FIELD_TYPES.join(", ")}.` })),
  options: z.array(z.string().trim().min(1).max(255)).max(500).default([]),
  required: z.boolean().default(false),
  visible_to: z.array(roleSchema).min(1, "At least one role must see the field.").default(["super_admin", "account_admin", "dept_manager", "agent"]),
  display_order: z.number().int().min(0).max(100_000).optional(),
});

function optionsFitType(value: { field_type?: string; options?: string[] }, ctx: z.RefinementCtx) {
  if (value.field_type === "dropdown" && value.options !== undefined && value.options.length === 0) {
    ctx.addIssue({ code: "custom", path: ["options"], message: "A dropdown needs at least one option." });
  }
  if (value.options && new Set(value.options.map((o) => o.toLowerCase())).size !== value.options.length) {
    ctx.addIssue({ code: "custom", path: ["options"], message: "Options must be unique." });
  }
}

export const createCustomFieldSchema = base.superRefine(optionsFitType);
// The name is the key stored in every contact: it cannot change.
export const updateCustomFieldSchema = patchSchema(base.omit({ name: true })).superRefine(optionsFitType);
// The spec names a definition's attributes "Field Name", "Display Label", "Field
// Type", "Required", "Visible to": the routes take those spellings too.
const DEFINITION_KEY_ALIASES = { field_name: "name", display_label: "label", type: "field_type", is_required: "required", visibility: "visible_to", visible_to_roles: "visible_to" };
export const createCustomFieldInput = withKeyAliases(DEFINITION_KEY_ALIASES, createCustomFieldSchema);
export const updateCustomFieldInput = withKeyAliases(DEFINITION_KEY_ALIASES, updateCustomFieldSchema);
export const reorderCustomFieldsSchema = z.object({ ids: z.array(intId).min(1).max(1000) });
// A deletion is confirmed by {"confirm": true} in the body or by ?confirm=true,
// like ?permanent=true on a contact: some clients send no body with DELETE.
export const DELETE_CONFIRMATION_MESSAGE = "Deleting a field erases its values on every contact: send confirm: true (in the body, or ?confirm=true).";
export const deleteCustomFieldSchema = z.strictObject({ confirm: z.boolean({ error: "must be true or false." }).optional() });
export const deleteCustomFieldQuery = z.object({
  confirm: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false." })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});
export const listCustomFieldsQuery = z.object({
  include_archived: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export type CreateCustomFieldInput = z.infer<typeof createCustomFieldSchema>;
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldSchema>;
