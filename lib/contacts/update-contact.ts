import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import { hasChanges } from "@/lib/http/patch-schema";
import { getSettings } from "@/lib/settings/get-settings";
import { registerTags } from "@/lib/contacts/tags/register-tags";
import { announceContact } from "./announce-contact";
import { contactSelect } from "./contact-columns";
import { duplicatePhoneError, findContactForAction, resolveDepartment } from "./contact-access";
import { lockContacts } from "./lock-contacts";
import { prepareContact } from "./prepare-contact";
import type { ContactUpdateInput } from "./schemas";
import { serializeContact } from "./serialize-contact";

/** PUT: a partial contact; custom_fields merge into the stored ones (null removes one). */
export async function updateContact({ actor, id, input }: { actor: SessionUser; id: bigint; input: ContactUpdateInput }) {
  // Definitions and settings are read first, outside the transaction: the
  // embedded database has one connection, which the transaction holds.
  const { organization_id } = await findContactForAction(prisma, actor, id);
  const [definitions, settings] = await Promise.all([loadDefinitions(organization_id), getSettings(organization_id, "import")]);
  const updated = await prisma.$transaction(async (tx) => {
    // The row is locked for this read-modify-write: custom_fields merge into
    // what is stored, so two saves naming different fields must both stay
    // (each read the other's value, and the later one wrote it back).
    await lockContacts(tx, [id]);
    const current = await findContactForAction(tx, actor, id);
    const { contact, errors } = prepareContact({
      input,
      definitions,
      role: actor.role,
      defaultCountry: settings.default_country,
      existingCustomFields: (current.custom_fields ?? {}) as Record<string, unknown>,
      creating: false,
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);

    const data: Prisma.ContactUncheckedUpdateManyInput = { ...contact, custom_fields: contact.custom_fields as object | undefined };
    // An opt-out is dated when it is given; saving the form again must not move it.
    if (input.opted_out === true && current.opted_out_at) delete data.opted_out_at;
    if (input.department_id !== undefined && input.department_id !== current.department_id) {
      const target = await resolveDepartment(tx, actor, input.department_id);
      if (target.organization_id !== current.organization_id) throw AppError.validation({ department_id: ["The selected department is invalid."] });
      data.department_id = target.department_id;
    }
    if (contact.phone) {
      const clash = await tx.contact.findFirst({
        where: { organization_id: current.organization_id, phone: contact.phone, id: { not: id } },
        select: { id: true },
      });
      if (clash) throw duplicatePhoneError(clash.id);
    }

    // A PUT that names no field changes nothing (and keeps updated_at).
    // The scope is repeated in the write itself, not only in the lookup above.
    if (hasChanges(data) && (await tx.contact.updateMany({ where: { id, ...departmentScope(actor) }, data })).count === 0) throw AppError.notFound();
    if (contact.tags) await registerTags(tx, current.organization_id, contact.tags);
    const row = await tx.contact.findUniqueOrThrow({ where: { id }, select: contactSelect });
    // The fields the request named (the stored custom fields are always rewritten, merged).
    if (hasChanges(data)) await announceContact(tx, "contact.updated", row, { fields: Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined) });
    return row;
  });
  return serializeContact(updated, definitions, actor.role);
}
