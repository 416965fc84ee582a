import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { DraftRef } from "./schemas";

/** A user keeps at most this many drafts: the oldest beyond it go (a draft is a moment's work, not storage). */
const DRAFTS_KEPT = 200;
/** A draft nobody came back to in this long is dropped when its owner next types. */
const DRAFT_DAYS = 30;

/** PUT /api/drafts/{kind}/{ref}: the user's draft as typed now (the last write wins: a second tab types over the first). */
export async function saveDraft({ actor, ref, body }: { actor: SessionUser; ref: DraftRef; body: string }) {
  const key = { user_id: actor.id, kind: ref.kind, ref: ref.ref };
  const saved = await prisma.draft.upsert({
    where: { user_id_kind_ref: key },
    create: { ...key, organization_id: actor.organization_id, body },
    update: { body, updated_at: new Date() },
    select: { body: true, updated_at: true },
  });
  await forgetOldDrafts(actor.id);
  return { kind: ref.kind, ref: ref.ref, ...saved };
}

async function forgetOldDrafts(userId: number) {
  await prisma.draft.deleteMany({ where: { user_id: userId, updated_at: { lt: new Date(Date.now() - DRAFT_DAYS * 86_400_000) } } });
  const beyond = await prisma.draft.findMany({ where: { user_id: userId }, orderBy: { updated_at: "desc" }, skip: DRAFTS_KEPT, select: { id: true } });
  if (beyond.length > 0) await prisma.draft.deleteMany({ where: { id: { in: beyond.map((d) => d.id) } } });
}
