import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OperationKind } from "@/lib/contacts/operations/operation-kind";
import { carryingTag, rewriteTag, settleTagChange, type TagChange } from "./tag-change";

/** A tag renamed or merged on more contacts than a request should hold: batch by batch (lib/contacts/operations). */
export const tagChangeOperation: OperationKind<TagChange> = {
  selects: (actor, change) => carryingTag(actor, change.from),
  apply: (tx, ids, change, actor) => rewriteTag(tx, Prisma.sql`c.id = ANY(${ids}::bigint[]) AND ${carryingTag(actor, change.from)}`, change),
  finish: (tx, operation, actor) => settleTagChange(tx, actor, operation.input, operation.changed),
};
