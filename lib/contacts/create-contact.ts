import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import { registerTags } from "@/lib/contacts/tags/register-tags";
import { announceContact } from "./announce-contact";
import { contactSelect } from "./contact-columns";
import { duplicatePhoneError, resolveDepartment } from "./contact-access";
import { prepareContact } from "./prepare-contact";
import type { ContactInput } from "./schemas";
import { serializeContact } from "./serialize-contact";

export async function createContact({ actor, input }: { actor: SessionUser; input: ContactInput }) {
  const { organization_id, department_id } = await resolveDepartment(prisma, actor, input.department_id);
  const [definitions, settings] = await Promise.all([loadDefinitions(organization_id), getSettings(organization_id, "import")]);
  const { contact, errors } = prepareContact({ input, definitions, role: actor.role, defaultCountry: settings.default_country, creating: true });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const phone = contact.phone!;

  const existing = await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id, phone } }, select: { id: true } });
  if (existing) throw duplicatePhoneError(existing.id);

  try {
    const created = await prisma.$transaction(async (tx) => {
      const row = await tx.contact.create({
        data: {
          organization_id,
          department_id,
          created_by_user_id: actor.id,
          name: contact.name!,
          phone,
          email: contact.email ?? null,
          company: contact.company ?? null,
          tags: contact.tags ?? [],
          custom_fields: (contact.custom_fields ?? {}) as object,
          notes: contact.notes ?? null,
          opted_out_at: contact.opted_out_at ?? null,
        },
        select: contactSelect,
      });
      await registerTags(tx, organization_id, row.tags);
      await announceContact(tx, "contact.created", row, {});
      return row;
    });
    return serializeContact(created, definitions, actor.role);
  } catch (error) {
    // Another request stored the same phone between our check and insert.
    if ((error as { code?: string }).code === "P2002") {
      const winner = await prisma.contact.findUnique({ where: { organization_id_phone: { organization_id, phone } }, select: { id: true } });
      if (winner) throw duplicatePhoneError(winner.id);
    }
    throw error;
  }
}
