import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { DraftRef } from "./schemas";

/**
 * GET /api/drafts/{kind}/{ref}: the user's own draft (nobody reads another's).
 * None is an empty draft (body "", updated_at null), not a 404: every call
 * panel and reply box asks, and most have none.
 */
export async function getDraft({ actor, ref }: { actor: SessionUser; ref: DraftRef }) {
  const draft = await prisma.draft.findUnique({
    where: { user_id_kind_ref: { user_id: actor.id, kind: ref.kind, ref: ref.ref } },
    select: { body: true, updated_at: true, organization_id: true },
  });
  const mine = draft && draft.organization_id === actor.organization_id ? draft : null;
  return { kind: ref.kind, ref: ref.ref, body: mine?.body ?? "", updated_at: mine?.updated_at ?? null };
}
