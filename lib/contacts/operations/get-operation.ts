import "server-only";
import { z } from "zod";
import { OPERATION_STATUSES } from "./operation-answer";
import { operationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";
import { operationSelect, serializeOperation } from "./serialize-operation";

export const operationParams = z.object({ id: z.string().uuid() });

export const listOperationsQuery = paginationSchema.extend({
  status: z.enum(OPERATION_STATUSES).optional(),
});

/** One long operation, as its owner, their department's manager or an admin may read it; anyone else: 404. */
export async function getOperation({ actor, id }: { actor: SessionUser; id: string }) {
  const operation = await prisma.operation.findFirst({ where: { id, ...operationScope(actor) }, select: operationSelect });
  if (!operation) throw AppError.notFound();
  return serializeOperation(operation);
}

/** Long operations in the caller's scope, newest first. */
export async function listOperations({ actor, query }: { actor: SessionUser; query: z.infer<typeof listOperationsQuery> }) {
  const where = { ...operationScope(actor), ...(query.status && { status: query.status }) };
  const [rows, total] = await Promise.all([
    prisma.operation.findMany({ where, select: operationSelect, orderBy: [{ created_at: "desc" }, { id: "desc" }], ...skipTake(query) }),
    prisma.operation.count({ where }),
  ]);
  return pageOf(rows.map(serializeOperation), total, query);
}
