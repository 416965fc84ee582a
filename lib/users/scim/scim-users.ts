import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { ScimFailure } from "./scim-failure";
import { parseFilter } from "./scim-filter";
import { listResponse, pageOf, scimUserSelect, toScimUser } from "./scim-resources";

/** The users a directory manages: its organization's, super admins never, deleted ones no more. */
export const directoryUsers = (actor: SessionUser) => ({ organization_id: actor.organization_id, role: { not: "super_admin" as const }, scim_deleted_at: null });

/** GET /scim/v2/Users: a page, or the users one equality filter finds (userName, externalId, emails.value). */
export async function listScimUsers({ actor, url }: { actor: SessionUser; url: URL }) {
  const filter = parseFilter(url.searchParams.get("filter"), ["userName", "externalId", "emails.value"]);
  const where = {
    ...directoryUsers(actor),
    ...(filter?.attribute === "externalId" ? { scim_external_id: filter.value } : filter ? { email: filter.value.trim().toLowerCase() } : {}),
  };
  const { startIndex, count } = pageOf(url);
  const [total, users] = await Promise.all([
    prisma.user.count({ where }),
    count === 0 ? [] : prisma.user.findMany({ where, select: scimUserSelect, orderBy: { id: "asc" }, skip: startIndex - 1, take: count }),
  ]);
  return listResponse(users.map(toScimUser), total, startIndex);
}

export async function getScimUser({ actor, id }: { actor: SessionUser; id: number | null }) {
  const user = id ? await prisma.user.findFirst({ where: { id, ...directoryUsers(actor) }, select: scimUserSelect }) : null;
  if (!user) throw new ScimFailure(404, "No such user.");
  return toScimUser(user);
}
