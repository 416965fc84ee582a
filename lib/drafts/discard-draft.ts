import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { DraftRef } from "./schemas";

/** DELETE /api/drafts/{kind}/{ref}: the notes were saved or the reply sent (or the user cleared it); none left is fine too. */
export async function discardDraft({ actor, ref }: { actor: SessionUser; ref: DraftRef }): Promise<void> {
  await prisma.draft.deleteMany({ where: { user_id: actor.id, organization_id: actor.organization_id, kind: ref.kind, ref: ref.ref } });
}
