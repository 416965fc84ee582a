import type { Role } from "@/lib/generated/prisma/enums";
import { validateCustomFieldValues, type FieldDefinition } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import type { FieldErrors } from "@/lib/errors/app-error";
import { isE164, toE164 } from "./phone";
import { PHONE_FORMAT_MESSAGE, type ContactUpdateInput } from "./schemas";

export interface PreparedContact {
  name?: string;
  phone?: string;
  email?: string | null;
  company?: string | null;
  tags?: string[];
  custom_fields?: Record<string, unknown>;
  notes?: string | null;
  opted_out_at?: Date | null;
}

export interface PrepareOptions {
  input: ContactUpdateInput;
  definitions: FieldDefinition[];
  role: Role;
  defaultCountry: string;
  /** Custom field values already stored (updates merge into them). */
  existingCustomFields?: Record<string, unknown>;
  /** Creating: every required field must be there. */
  creating: boolean;
}

/**
 * The rules every contact write shares (API create/update, bulk, import):
 * phone to E.164 (normalized from national formats when format_phone asks),
 * tags de-duplicated, custom fields typed by their definitions. Pure: the
 * caller supplies definitions and the organization's default country.
 */
export function prepareContact(options: PrepareOptions): { contact: PreparedContact; errors: FieldErrors } {
  const { input } = options;
  const errors: FieldErrors = {};
  const contact: PreparedContact = {};

  if (input.name !== undefined) contact.name = input.name;
  if (input.email !== undefined) contact.email = input.email;
  if (input.company !== undefined) contact.company = input.company;
  if (input.notes !== undefined) contact.notes = input.notes;
  if (input.tags !== undefined) contact.tags = [...new Set(input.tags)];
  if (input.opted_out !== undefined) contact.opted_out_at = input.opted_out ? new Date() : null;

  if (input.phone !== undefined) {
    const phone = input.format_phone ? toE164(input.phone, options.defaultCountry) : input.phone;
    if (!phone || !isE164(phone)) errors.phone = [input.format_phone ? "The phone is not a valid phone number." : PHONE_FORMAT_MESSAGE];
    else if (phone.length > 20) errors.phone = ["The phone may not be longer than 20 characters."];
    else contact.phone = phone;
  }

  if (input.custom_fields !== undefined || options.creating) {
    const result = validateCustomFieldValues({
      definitions: options.definitions,
      role: options.role,
      input: input.custom_fields,
      existing: options.existingCustomFields,
      requireAll: options.creating,
    });
    Object.assign(errors, result.errors);
    contact.custom_fields = result.values;
  }
  return { contact, errors };
}
