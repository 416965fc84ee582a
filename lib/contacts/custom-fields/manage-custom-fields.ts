import "server-only";
import { fieldVisibleTo } from "@/lib/auth/scope";
import { can } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import { INLINE_CONTACT_LIMIT, startOperation } from "@/lib/contacts/operations/start-operation";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { oneOf } from "@/lib/http/answer-schemas";
import { AppError } from "@/lib/errors/app-error";
import { hasChanges } from "@/lib/http/patch-schema";
import { FIELD_TYPES } from "./field-types";
import { eraseField, holdingField, recordFieldDeletion } from "./erase-field-operation";
import { DELETE_CONFIRMATION_MESSAGE, type CreateCustomFieldInput, type UpdateCustomFieldInput } from "./schemas";
import { runSql } from "@/lib/db/run-sql";

// Custom field definitions belong to the caller's organization. Admins manage
// them; everyone else reads the active ones their role may see.

const select = {
  id: true,
  name: true,
  label: true,
  field_type: true,
  options: true,
  required: true,
  visible_to: true,
  display_order: true,
  archived_at: true,
  created_at: true,
  updated_at: true,
} as const;

type FieldRow = Prisma.CustomFieldDefinitionGetPayload<{ select: typeof select }>;

/** A definition as the API answers it (custom-field-answer.ts); field_type holds what the schema validated. */
const serialize = (row: FieldRow) => ({ ...row, field_type: oneOf(FIELD_TYPES, row.field_type, "text_short") });

export async function listCustomFields({ actor, includeArchived }: { actor: SessionUser; includeArchived: boolean }) {
  const manager = can(actor.role, "custom_fields.write");
  const fields = await prisma.customFieldDefinition.findMany({
    where: { organization_id: actor.organization_id, ...(!(manager && includeArchived) && { archived_at: null }) },
    select,
    orderBy: [{ display_order: "asc" }, { id: "asc" }],
  });
  // Visibility is filtered here, not in SQL: an organization has a handful of
  // definitions, and the driver adapters mis-encode enum-array filters.
  return { data: (manager ? fields : fields.filter((field) => fieldVisibleTo(actor.role, field.visible_to))).map(serialize) };
}

export async function createCustomField({ actor, input }: { actor: SessionUser; input: CreateCustomFieldInput }) {
  // A field of the same name still being erased would lose the new field's values to that erasure.
  const erasing = await prisma.operation.findFirst({
    where: { organization_id: actor.organization_id, kind: "custom_field.erase", status: { in: ["queued", "running"] }, input: { path: ["name"], equals: input.name } },
    select: { id: true },
  });
  if (erasing) throw AppError.conflict("A deleted field of this name is still being erased from contacts; try again when that finishes.", { extra: { operation_id: erasing.id } });
  const last = await prisma.customFieldDefinition.aggregate({ where: { organization_id: actor.organization_id }, _max: { display_order: true } });
  const field = await prisma.customFieldDefinition.create({
    data: {
      ...input,
      options: input.field_type === "dropdown" ? input.options : [],
      organization_id: actor.organization_id,
      display_order: input.display_order ?? (last._max.display_order ?? 0) + 1,
    },
    select,
  });
  return serialize(field);
}

export async function updateCustomField({ actor, id, input }: { actor: SessionUser; id: number; input: UpdateCustomFieldInput }) {
  const current = await prisma.customFieldDefinition.findFirst({ where: { id, organization_id: actor.organization_id }, select: { field_type: true } });
  if (!current) throw AppError.notFound();
  if (input.field_type && input.field_type !== current.field_type) {
    throw AppError.validation({ field_type: ["The type of an existing field cannot change; create a new field instead."] });
  }
  if (current.field_type === "dropdown" && input.options?.length === 0) throw AppError.validation({ options: ["A dropdown needs at least one option."] });
  if (current.field_type !== "dropdown" && input.options?.length) throw AppError.validation({ options: ["Only a dropdown field has options."] });
  if (hasChanges(input)) {
    const { count } = await prisma.customFieldDefinition.updateMany({ where: { id, organization_id: actor.organization_id }, data: input });
    if (count === 0) throw AppError.notFound();
  }
  return serialize(await prisma.customFieldDefinition.findUniqueOrThrow({ where: { id }, select }));
}

/** Archive hides a field everywhere but keeps every stored value. */
export async function archiveCustomField({ actor, id, archived }: { actor: SessionUser; id: number; archived: boolean }) {
  // Archiving an archived field (or restoring an active one) changes nothing: the date it was archived stays.
  await prisma.customFieldDefinition.updateMany({
    where: { id, organization_id: actor.organization_id, archived_at: archived ? null : { not: null } },
    data: { archived_at: archived ? new Date() : null },
  });
  const field = await prisma.customFieldDefinition.findFirst({ where: { id, organization_id: actor.organization_id }, select });
  if (!field) throw AppError.notFound();
  return serialize(field);
}

/**
 * Delete is irreversible: the definition goes at once and its value is erased
 * from every contact. Up to INLINE_CONTACT_LIMIT contacts holding a value (and
 * unless the client prefers an asynchronous answer) inside the request; more
 * as an operation run in batches (`{ operation }`, answered 202): minutes over
 * a million contacts would outlast any load balancer's patience.
 */
export async function deleteCustomField({ actor, id, confirmed, async: preferAsync = false }: { actor: SessionUser; id: number; confirmed: boolean; async?: boolean }) {
  if (!confirmed) throw AppError.validation({ confirm: [DELETE_CONFIRMATION_MESSAGE] });
  const field = await prisma.customFieldDefinition.findFirst({ where: { id, organization_id: actor.organization_id }, select: { name: true } });
  if (!field) throw AppError.notFound();
  const erasure = { field_id: id, name: field.name };
  const [{ n: holding }] = await runSql(prisma).rows<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM contacts c WHERE ${holdingField(actor, field.name)} LIMIT 10000000) matching`;
  if (preferAsync || holding > INLINE_CONTACT_LIMIT) {
    const { count } = await prisma.customFieldDefinition.deleteMany({ where: { id, organization_id: actor.organization_id } });
    if (count === 0) throw AppError.notFound();
    return startOperation({ actor, kind: "custom_field.erase", input: { ...erasure }, total: holding });
  }
  return prisma.$transaction(
    async (tx) => {
      const { count } = await tx.customFieldDefinition.deleteMany({ where: { id, organization_id: actor.organization_id } });
      if (count === 0) throw AppError.notFound();
      const erased = await eraseField(tx, holdingField(actor, field.name), field.name);
      return recordFieldDeletion(tx, actor, erasure, erased);
    },
    { timeout: 60_000 },
  );
}

/** Display order follows the given ids; fields not listed keep their place after them. */
export async function reorderCustomFields({ actor, ids }: { actor: SessionUser; ids: number[] }) {
  const owned = await prisma.customFieldDefinition.findMany({ where: { organization_id: actor.organization_id }, select: { id: true }, orderBy: [{ display_order: "asc" }, { id: "asc" }] });
  const ownedIds = new Set(owned.map((f) => f.id));
  const unknown = ids.filter((id) => !ownedIds.has(id));
  if (unknown.length) throw AppError.validation({ ids: [`Unknown custom field ids: ${unknown.join(", ")}.`] });
  const order = [...new Set(ids), ...owned.map((f) => f.id).filter((id) => !ids.includes(id))];
  await prisma.$transaction(order.map((id, index) => prisma.customFieldDefinition.update({ where: { id }, data: { display_order: index + 1 } })));
  return listCustomFields({ actor, includeArchived: true });
}
