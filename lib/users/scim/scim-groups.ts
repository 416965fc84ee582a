import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { ScimFailure } from "./scim-failure";
import { parseFilter } from "./scim-filter";
import { listResponse, pageOf, scimGroupSelect, toScimGroup } from "./scim-resources";

/** GET /scim/v2/Groups: the organization's departments as groups; excludedAttributes=members leaves the members out (Entra ID asks so). */
export async function listScimGroups({ actor, url }: { actor: SessionUser; url: URL }) {
  const filter = parseFilter(url.searchParams.get("filter"), ["displayName", "externalId"]);
  const where = {
    organization_id: actor.organization_id,
    ...(filter?.attribute === "externalId" ? { scim_external_id: filter.value } : filter ? { name: { equals: filter.value, mode: "insensitive" as const } } : {}),
  };
  const members = !/\bmembers\b/i.test(url.searchParams.get("excludedAttributes") ?? "");
  const { startIndex, count } = pageOf(url);
  const [total, departments] = await Promise.all([
    prisma.department.count({ where }),
    count === 0 ? [] : prisma.department.findMany({ where, select: scimGroupSelect, orderBy: { id: "asc" }, skip: startIndex - 1, take: count }),
  ]);
  return listResponse(
    departments.map((d) => toScimGroup(d, { members })),
    total,
    startIndex,
  );
}

export async function getScimGroup({ actor, id }: { actor: SessionUser; id: number | null }) {
  const department = id ? await prisma.department.findFirst({ where: { id, organization_id: actor.organization_id }, select: scimGroupSelect }) : null;
  if (!department) throw new ScimFailure(404, "No such group.");
  return toScimGroup(department);
}
