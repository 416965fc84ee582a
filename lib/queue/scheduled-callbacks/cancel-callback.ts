import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { listCallbacks } from "./list-callbacks";

/** DELETE /api/callbacks/{id}: a callback not yet due is cancelled (409 once it is due: it is a waiting call then). */
export async function cancelCallback({ actor, id }: { actor: SessionUser; id: bigint }) {
  const [callback] = (await listCallbacks({ actor, only: id })).data;
  if (!callback) throw AppError.notFound();
  const { count } = await prisma.scheduledCallback.updateMany({ where: { id, organization_id: actor.organization_id, status: "scheduled" }, data: { status: "cancelled", updated_at: new Date() } });
  if (count === 0) throw AppError.conflict(`This callback can no longer be cancelled: it is ${callback.status.replace("_", " ")}.`);
  return (await listCallbacks({ actor, only: id })).data[0];
}
