import "server-only";
import { organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { pageOf, skipTake, type Pagination } from "@/lib/http/pagination";

export async function listOrganizations({ actor, query }: { actor: SessionUser; query: Pagination }) {
  const scope = organizationScope(actor);
  const where = scope.organization_id ? { id: scope.organization_id } : {};
  const [data, total] = await Promise.all([
    prisma.organization.findMany({ where, select: { id: true, name: true, created_at: true }, orderBy: { id: "asc" }, ...skipTake(query) }),
    prisma.organization.count({ where }),
  ]);
  return pageOf(data, total, query);
}
