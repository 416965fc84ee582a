import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import type { FieldDefinition } from "@/lib/contacts/custom-fields/validate-custom-field-values";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { fieldErrors, unstorableTextErrors } from "@/lib/http/validation";
import { getSettings } from "@/lib/settings/get-settings";
import { insertContacts, toNewContact, type NewContact } from "./insert-contacts";
import { resolveDepartment } from "./contact-access";
import { prepareContact } from "./prepare-contact";
import { createContactSchema } from "./schemas";
import { unknownKeys } from "@/lib/http/unknown-keys";
import type { BulkCreateAnswer } from "./bulk-create-answer";

export type BulkResult = BulkCreateAnswer;

/**
 * POST /api/contacts/bulk: every item is validated on its own; the valid ones
 * are stored with one set-based insert, each failure is reported by index.
 */
export async function bulkCreateContacts({ actor, items }: { actor: SessionUser; items: unknown[] }): Promise<BulkResult> {
  const errors: BulkResult["errors"] = [];
  const departments = new Map<string, { organization_id: number; department_id: number } | AppError>();
  const organizations = new Map<number, { definitions: FieldDefinition[]; country: string }>();
  const candidates: (NewContact & { index: number })[] = [];
  const seen = new Map<string, number>();

  for (const [index, item] of items.entries()) {
    const unstorable = unstorableTextErrors(item);
    if (unstorable) {
      errors.push({ index, errors: unstorable });
      continue;
    }
    // Exact, as every body is (route.ts): a key the contact schema does not know fails the item, naming it.
    const unknown = unknownKeys(createContactSchema, item);
    if (unknown.length) {
      errors.push({ index, errors: Object.fromEntries(unknown.map((key) => [key, ["is not a known field."]])) });
      continue;
    }
    const parsed = createContactSchema.safeParse(item);
    if (!parsed.success) {
      errors.push({ index, errors: fieldErrors(parsed.error) });
      continue;
    }
    const key = String(parsed.data.department_id ?? "");
    if (!departments.has(key)) {
      departments.set(key, await resolveDepartment(prisma, actor, parsed.data.department_id).catch((e) => e as AppError));
    }
    const department = departments.get(key)!;
    if (department instanceof AppError) {
      errors.push({ index, errors: department.details.errors ?? { department_id: [department.message] } });
      continue;
    }
    if (!organizations.has(department.organization_id)) {
      const [definitions, settings] = await Promise.all([loadDefinitions(department.organization_id), getSettings(department.organization_id, "import")]);
      organizations.set(department.organization_id, { definitions, country: settings.default_country });
    }
    const org = organizations.get(department.organization_id)!;
    const { contact, errors: itemErrors } = prepareContact({ input: parsed.data, definitions: org.definitions, role: actor.role, defaultCountry: org.country, creating: true });
    if (Object.keys(itemErrors).length) {
      errors.push({ index, errors: itemErrors });
      continue;
    }
    const phoneKey = `${department.organization_id}:${contact.phone}`;
    if (seen.has(phoneKey)) {
      errors.push({ index, errors: { phone: [`The phone repeats item ${seen.get(phoneKey)} of this request.`] } });
      continue;
    }
    seen.set(phoneKey, index);
    candidates.push({ index, ...toNewContact(contact, { ...department, created_by_user_id: actor.id }) });
  }

  const { inserted, duplicates } = await insertContacts(candidates);
  const editable = departmentScope(actor).department_id;
  for (const candidate of candidates) {
    const duplicate = duplicates.get(`${candidate.organization_id}:${candidate.phone}`);
    if (duplicate === undefined) continue;
    // A contact the caller may not edit is not pointed at (as an import reports it).
    if (editable !== undefined && duplicate.department_id !== editable) {
      errors.push({ index: candidate.index, errors: { phone: ["A contact with this phone number exists in a department you cannot edit."] } });
    } else {
      errors.push({ index: candidate.index, errors: { phone: ["A contact with this phone number already exists."] }, duplicate_id: duplicate.id });
    }
  }
  errors.sort((a, b) => a.index - b.index);
  return { created: inserted.length, failed: errors.length, errors };
}
