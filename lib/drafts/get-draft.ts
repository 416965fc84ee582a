import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { DraftRef } from "./schemas";

/** GET /api/drafts/{kind}/{ref}: the user's own draft (nobody reads another's); 404 when there is none. */
export async function getDraft({ actor, ref }: { actor: SessionUser; ref: DraftRef }) {
  const draft = await prisma.draft.findUnique({
    where: { user_id_kind_ref: { user_id: actor.id, kind: ref.kind, ref: ref.ref } },
    select: { body: true, updated_at: true, organization_id: true },
  });
  if (!draft || draft.organization_id !== actor.organization_id) throw AppError.notFound();
  return { kind: ref.kind, ref: ref.ref, body: draft.body, updated_at: draft.updated_at };
}
