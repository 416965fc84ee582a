import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import type { DraftRef } from "./schemas";

/** A user keeps at most this many drafts: the oldest beyond it go (a draft is a moment's work, not storage). */
const DRAFTS_KEPT = 200;
/** A draft nobody came back to in this long is dropped when its owner next starts one. */
const DRAFT_DAYS = 30;

/** PUT /api/drafts/{kind}/{ref}: the user's draft as typed now (the last write wins: a second tab types over the first). */
export async function saveDraft({ actor, ref, body }: { actor: SessionUser; ref: DraftRef; body: string }) {
  // One statement that says whether it created the draft (xmax is 0 for a row this statement inserted):
  // the old drafts are looked at only then, not on every debounced keystroke's save.
  const [saved] = await runSql(prisma).rows<{ body: string; updated_at: Date; created: boolean }>`
    INSERT INTO drafts (organization_id, user_id, kind, ref, body) VALUES (${actor.organization_id}, ${actor.id}, ${ref.kind}, ${ref.ref}, ${body})
    ON CONFLICT (user_id, kind, ref) DO UPDATE SET body = EXCLUDED.body, updated_at = now()
    RETURNING body, updated_at, (xmax = 0) AS created`;
  if (saved.created) await forgetOldDrafts(actor.id);
  return { kind: ref.kind, ref: ref.ref, body: saved.body, updated_at: saved.updated_at };
}

async function forgetOldDrafts(userId: number) {
  await prisma.draft.deleteMany({ where: { user_id: userId, updated_at: { lt: new Date(Date.now() - DRAFT_DAYS * 86_400_000) } } });
  const beyond = await prisma.draft.findMany({ where: { user_id: userId }, orderBy: { updated_at: "desc" }, skip: DRAFTS_KEPT, select: { id: true } });
  if (beyond.length > 0) await prisma.draft.deleteMany({ where: { id: { in: beyond.map((d) => d.id) } } });
}
