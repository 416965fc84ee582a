import "server-only";
import { departmentScope, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { announceContact } from "./announce-contact";
import { contactSelect, type ContactRow } from "./contact-columns";
import { assertNotInActiveCampaign } from "./delete-contact";
import { lockContacts } from "./lock-contacts";
import { recomputeCallSummary } from "./recompute-call-summary";
import { recordMerge, takeMergeSnapshot } from "./merge-snapshot";
import type { MergeContactsInput } from "./duplicate-schemas";
import { serializeContact } from "./serialize-contact";

export interface MergeOptions extends MergeContactsInput {
  /** How the primary was chosen, for the audit log. */
  mode?: "manual" | "automatic";
  rule?: string;
}

/**
 * Merges duplicates into the primary contact, in one transaction: the primary
 * keeps its own values and fills empty email/company/custom fields from the
 * duplicates (newest first); tags, notes and call history come along when
 * asked; the duplicates are removed; the audit log records who merged which
 * records and which values won. What it removed and changed is kept, so the
 * merge can be undone for 30 days (undo-merge.ts).
 */
export async function mergeContacts({ actor, input }: { actor: SessionUser; input: MergeOptions }) {
  const { contact, merge_id } = await prisma.$transaction((tx) => mergeInTransaction(tx, actor, input), { timeout: 30_000 });
  const definitions = await loadDefinitions(contact.organization_id);
  return { ...serializeContact(contact, definitions, actor.role), merged_ids: input.duplicate_ids, merge_id };
}

export async function mergeInTransaction(tx: Tx, actor: SessionUser, input: MergeOptions): Promise<{ contact: ContactRow; merge_id: number }> {
  const ids = [input.primary_id, ...input.duplicate_ids].map(BigInt);
  // Two merges of the same contacts (a double click, two managers at once)
  // run one after the other: the second finds its duplicates gone (404)
  // instead of merging them again into the notes and the audit log.
  await lockContacts(tx, ids);
  const rows = await tx.contact.findMany({ where: { id: { in: ids }, ...organizationScope(actor) }, select: contactSelect });
  if (rows.length !== new Set(ids).size) throw AppError.notFound();
  const scope = departmentScope(actor);
  if (scope.department_id !== undefined && rows.some((row) => row.department_id !== scope.department_id)) throw AppError.forbidden();
  if (new Set(rows.map((row) => row.organization_id)).size > 1) throw AppError.validation({ duplicate_ids: ["Contacts of different organizations cannot be merged."] });

  const primary = rows.find((row) => Number(row.id) === input.primary_id)!;
  // Merging into an archived contact would hide the active duplicates' data
  // with it; archived duplicates may be folded into an active primary.
  if (primary.status !== "active") throw AppError.validation({ primary_id: ["The contact to keep is archived: restore it first, or keep an active one."] });
  const duplicates = rows.filter((row) => row !== primary).sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime());
  const duplicateIds = duplicates.map((row) => row.id);
  await assertNotInActiveCampaign(tx, duplicateIds);

  const valuesWon: Record<string, { kept: unknown; discarded: unknown[] }> = {};
  const pick = <K extends "email" | "company">(field: K) => {
    const candidates = duplicates.map((row) => row[field]).filter((v) => v !== null && v !== primary[field]);
    const value = primary[field] ?? candidates[0] ?? null;
    if (candidates.length) valuesWon[field] = { kept: value, discarded: candidates.filter((v) => v !== value) };
    return value;
  };
  const customFields = { ...(primary.custom_fields as Record<string, unknown>) };
  for (const duplicate of duplicates) {
    for (const [key, value] of Object.entries((duplicate.custom_fields ?? {}) as Record<string, unknown>)) {
      if (customFields[key] === undefined) customFields[key] = value;
      else if (customFields[key] !== value) (valuesWon[`custom_fields.${key}`] ??= { kept: customFields[key], discarded: [] }).discarded.push(value);
    }
  }
  for (const duplicate of duplicates) {
    for (const field of ["name", "phone"] as const) {
      if (duplicate[field] !== primary[field]) (valuesWon[field] ??= { kept: primary[field], discarded: [] }).discarded.push(duplicate[field]);
    }
  }
  const tags = input.merge_tags ? [...new Set([...primary.tags, ...duplicates.flatMap((d) => d.tags)])] : primary.tags;
  const notes = input.merge_notes
    ? [primary.notes, ...duplicates.filter((d) => d.notes).map((d) => `Merged from ${d.name} (#${d.id}):\n${d.notes}`)].filter(Boolean).join("\n\n") || null
    : primary.notes;

  // Everything the merge is about to remove or change, for undoing it (30 days).
  const snapshot = await takeMergeSnapshot(tx, primary.id, duplicateIds);
  if (input.merge_call_history) {
    await tx.callLog.updateMany({ where: { contact_id: { in: duplicateIds } }, data: { contact_id: primary.id } });
  }
  await tx.contact.deleteMany({ where: { id: { in: duplicateIds }, ...scope } });
  await tx.contact.updateMany({
    where: { id: primary.id, ...scope },
    data: { email: pick("email"), company: pick("company"), tags, notes, custom_fields: customFields as object },
  });
  // Call summary of the primary, recomputed from its (possibly larger) call history.
  await recomputeCallSummary(tx, primary.id);

  const mergeId = await recordMerge(tx, {
    organization_id: primary.organization_id,
    department_id: primary.department_id,
    user_id: actor.id,
    primary_id: primary.id,
    mode: input.mode ?? "manual",
    snapshot,
  });
  await writeAuditLog(tx, {
    organization_id: primary.organization_id,
    department_id: primary.department_id,
    user_id: actor.id,
    action: "contact.merge",
    subject_type: "contact",
    subject_id: primary.id,
    details: {
      mode: input.mode ?? "manual",
      merge_id: mergeId,
      undo: `POST /api/contacts/merges/${mergeId}/undo`,
      ...(input.rule && { rule: input.rule }),
      primary_id: Number(primary.id),
      merged_ids: duplicateIds.map(Number),
      options: { merge_tags: input.merge_tags, merge_notes: input.merge_notes, merge_call_history: input.merge_call_history },
      values_won: valuesWon,
      removed: duplicates.map((d) => ({ id: Number(d.id), name: d.name, phone: d.phone, email: d.email, company: d.company, tags: d.tags })),
    },
  });
  const merged = await tx.contact.findUniqueOrThrow({ where: { id: primary.id }, select: contactSelect });
  await announceContact(tx, "contact.merged", merged, { merged_ids: duplicateIds.map(Number), merge_id: mergeId });
  return { contact: merged, merge_id: mergeId };
}
