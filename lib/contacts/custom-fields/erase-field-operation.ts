import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OperationKind } from "@/lib/contacts/operations/operation-kind";
import { runSql } from "@/lib/db/run-sql";

export interface FieldErasure {
  field_id: number;
  name: string;
}

/** The contacts of the actor's organization holding a value of the field (alias c). */
export function holdingField(actor: Pick<SessionUser, "organization_id">, name: string): Prisma.Sql {
  return Prisma.sql`c.organization_id = ${actor.organization_id} AND c.custom_fields ? ${name}`;
}

export function eraseField(tx: Tx, where: Prisma.Sql, name: string): Promise<number> {
  return runSql(tx).count`UPDATE contacts c SET custom_fields = c.custom_fields - ${name}, updated_at = now() WHERE ${where}`;
}

export async function recordFieldDeletion(tx: Tx, actor: SessionUser, erasure: FieldErasure, erased: number) {
  await writeAuditLog(tx, {
    organization_id: actor.organization_id,
    user_id: actor.id,
    action: "custom_field.delete",
    subject_type: "custom_field",
    subject_id: erasure.field_id,
    details: { name: erasure.name, contacts_erased: erased },
  });
  return { deleted: true as const, name: erasure.name, contacts_erased: erased };
}

/** A deleted field's values erased from more contacts than a request should hold: batch by batch (lib/contacts/operations). */
export const fieldErasureOperation: OperationKind<FieldErasure> = {
  selects: (actor, erasure) => holdingField(actor, erasure.name),
  apply: (tx, ids, erasure, actor) => eraseField(tx, Prisma.sql`c.id = ANY(${ids}::bigint[]) AND ${holdingField(actor, erasure.name)}`, erasure.name),
  finish: (tx, operation, actor) => recordFieldDeletion(tx, actor, operation.input, operation.changed),
};
