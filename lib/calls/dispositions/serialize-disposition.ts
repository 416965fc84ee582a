import type { z } from "zod";
import type { dispositionAnswer } from "./disposition-answer";

export const dispositionSelect = { id: true, name: true, is_success: true, position: true, archived_at: true } as const;

export function serializeDisposition(row: { id: number; name: string; is_success: boolean; position: number; archived_at: Date | null }): z.output<typeof dispositionAnswer> {
  return { id: row.id, name: row.name, is_success: row.is_success, position: row.position, archived: row.archived_at !== null };
}
