import "server-only";
import { runSql } from "@/lib/db/run-sql";
import type { FieldDefinition } from "./validate-custom-field-values";

// Every contact read loads its organization's definitions beside the contact
// query, so this is plain SQL on the driver (the ORM's own cost per call is
// more than the statement's). Enum arrays are read as text[], which both
// drivers parse into arrays.
const DEFINITIONS_SQL = `
  SELECT name, label, field_type, options, required, visible_to::text[] AS visible_to, archived_at
  FROM custom_field_definitions WHERE organization_id = $1
  ORDER BY display_order, id`;

export function loadDefinitions(organizationId: number): Promise<FieldDefinition[]> {
  return runSql().rows<FieldDefinition>(DEFINITIONS_SQL, [organizationId]);
}
