import "server-only";
import { boundDepartment } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob, QUEUES } from "@/lib/jobs/job-queue";
import { operationSelect, serializeOperation } from "./serialize-operation";

/**
 * Records a long operation and queues it; the request that asked for it
 * answers 202 with what this returns, and the job does the work in batches.
 * `total` is how many contacts it is expected to touch (the progress bar's end).
 */
export async function startOperation({ actor, kind, input, total }: { actor: SessionUser; kind: string; input: Prisma.InputJsonValue; total: number }) {
  const operation = await prisma.operation.create({
    data: { organization_id: actor.organization_id, department_id: boundDepartment(actor), user_id: actor.id, kind, input, total },
    select: operationSelect,
  });
  await enqueueJob(QUEUES.contactOperation, { operation_id: operation.id }, operation.id);
  return { operation: serializeOperation(operation) };
}

/** Does the client ask for the answer to come later (RFC 7240 `Prefer: respond-async`)? */
export function prefersAsync(request: Request): boolean {
  return /(^|[,;\s])respond-async($|[,;\s])/i.test(request.headers.get("prefer") ?? "");
}

/** Above this many contacts a change runs as an operation (202) instead of inside the request (200). */
export const INLINE_CONTACT_LIMIT = 2_000;
