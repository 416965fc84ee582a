import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import type { FieldDefinition } from "./validate-custom-field-values";

export async function loadDefinitions(organizationId: number, db: Tx = prisma): Promise<FieldDefinition[]> {
  return db.customFieldDefinition.findMany({
    where: { organization_id: organizationId },
    select: { name: true, label: true, field_type: true, options: true, required: true, visible_to: true, archived_at: true },
    orderBy: [{ display_order: "asc" }, { id: "asc" }],
  });
}
