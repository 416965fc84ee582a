import type { Role } from "@/lib/generated/prisma/enums";
import { visibleCustomFields, type FieldDefinition } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import type { ContactRow } from "./contact-columns";
import { oneOf } from "@/lib/http/answer-schemas";
import { CONTACT_STATUSES, type ContactAnswer } from "./contact-answer";

/** A contact as the API returns it: custom fields limited to what the role may see. */
export function serializeContact(contact: ContactRow, definitions: FieldDefinition[], role: Role): ContactAnswer {
  return {
    id: Number(contact.id),
    organization_id: contact.organization_id,
    department_id: contact.department_id,
    created_by_user_id: contact.created_by_user_id,
    name: contact.name,
    phone: contact.phone,
    email: contact.email,
    company: contact.company,
    tags: contact.tags ?? [],
    custom_fields: visibleCustomFields(definitions, role, contact.custom_fields),
    notes: contact.notes,
    status: oneOf(CONTACT_STATUSES, contact.status, "active"),
    archived_at: contact.archived_at,
    opted_out: contact.opted_out_at !== null,
    opted_out_at: contact.opted_out_at,
    last_called_at: contact.last_called_at,
    last_call_outcome: contact.last_call_outcome,
    total_calls: contact.total_calls,
    created_at: contact.created_at,
    updated_at: contact.updated_at,
  };
}

export type ApiContact = ReturnType<typeof serializeContact>;
