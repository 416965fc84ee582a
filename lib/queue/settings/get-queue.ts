import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors/app-error";
import { listQueues } from "./list-queues";

/** GET /api/queues/{id}: one queue the caller serves, with its live figures. */
export async function getQueue({ actor, id }: { actor: SessionUser; id: number }) {
  const [queue] = (await listQueues({ actor, only: id })).data;
  if (!queue) throw AppError.notFound();
  return queue;
}
