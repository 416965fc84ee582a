import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import { DETECTION_TIMEOUT_MS, detectDuplicateGroups, type DuplicateGroup } from "./find-duplicates";
import { lockContacts } from "./lock-contacts";
import { mergeInTransaction } from "./merge-contacts";

/** Thrown inside a dry run's merge so that its transaction rolls back. */
class DryRunRollback extends Error {
  constructor(readonly plan: MergePlan) {
    super("dry run");
  }
}

interface MergePlan {
  primary_id: number;
  merged_ids: number[];
}

/**
 * Merges every duplicate group automatically when the organization's merge
 * behaviour is "automatic": the primary is the newest or the oldest contact of
 * each group (the conflict rule), everything else is carried over. Each merge
 * is audited like a manual one; groups that cannot merge (a member in an
 * active campaign) are reported, not lost. A dry run performs each merge and
 * rolls it back, so it reports exactly what a run would do and changes nothing.
 */
export async function autoMergeDuplicates({ actor, dryRun = false }: { actor: SessionUser; dryRun?: boolean }) {
  const result = await autoMergeIfEnabled({ actor, dryRun });
  if (!result) throw AppError.conflict("Automatic merging is off: set merge_behavior to automatic in the duplicate settings, or merge groups one by one.");
  return result;
}

/** The automatic merge when the organization has it on (also run after every import); null when it is off. */
export async function autoMergeIfEnabled({ actor, dryRun = false }: { actor: SessionUser; dryRun?: boolean }) {
  const settings = await getSettings(actor.organization_id, "duplicates");
  if (settings.merge_behavior !== "automatic") return null;
  const { groups, complete } = await prisma.$transaction((tx) => detectDuplicateGroups(tx, actor), { timeout: DETECTION_TIMEOUT_MS });
  const merged: { primary_id: number; merged_ids: number[]; merge_id?: number; reason: DuplicateGroup["reason"] }[] = [];
  const skipped: { contact_ids: number[]; reason: string }[] = [];
  const gone = new Set<number>();
  for (const group of groups) {
    const ids = group.contact_ids.filter((id) => !gone.has(id));
    if (ids.length < 2) continue;
    let plan: MergePlan | null;
    try {
      plan = await prisma.$transaction(async (tx) => {
        // The group is read again under lock: a merge running beside this one
        // (another run, a manager's click) may have taken some of its contacts.
        // What remains is merged; a group down to one contact is done.
        await lockContacts(tx, ids.map(BigInt));
        const contacts = await tx.contact.findMany({ where: { id: { in: ids.map(BigInt) } }, select: { id: true, created_at: true } });
        if (contacts.length < 2) return null;
        contacts.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || Number(a.id - b.id));
        const primary = Number((settings.conflict_rule === "keep_oldest" ? contacts[0] : contacts[contacts.length - 1]).id);
        const planned: { primary_id: number; merged_ids: number[]; merge_id?: number } = { primary_id: primary, merged_ids: contacts.map((c) => Number(c.id)).filter((id) => id !== primary) };
        const { merge_id } = await mergeInTransaction(tx, actor, {
          primary_id: planned.primary_id,
          duplicate_ids: planned.merged_ids,
          merge_tags: true,
          merge_notes: true,
          merge_call_history: true,
          mode: "automatic",
          rule: settings.conflict_rule,
        });
        if (dryRun) throw new DryRunRollback(planned);
        return { ...planned, merge_id };
      });
    } catch (error) {
      if (error instanceof DryRunRollback) plan = error.plan;
      else if (error instanceof AppError) {
        skipped.push({ contact_ids: ids, reason: error.message });
        continue;
      } else throw error;
    }
    if (!plan) continue;
    plan.merged_ids.forEach((id) => gone.add(id));
    merged.push({ ...plan, reason: group.reason });
  }
  // complete: false when similar names could not all be compared in time (DUPLICATE_NAME_BUDGET_MS).
  return { dry_run: dryRun, conflict_rule: settings.conflict_rule, groups_merged: merged.length, contacts_removed: gone.size, merged, skipped, complete };
}
