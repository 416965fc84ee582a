import "server-only";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { pageOf, skipTake } from "@/lib/http/pagination";
import type { ListUsersQuery } from "./schemas";
import { serializeUserWithSkills, userWithSkillsSelect } from "./serialize-user";

export async function listUsers({ actor, query }: { actor: SessionUser; query: ListUsersQuery }) {
  const where: Prisma.UserWhereInput = {
    ...managedUserScope(actor),
    ...(query.role && { role: query.role }),
    ...(query.department_id && { department_id: query.department_id }),
    ...(query.q && {
      OR: [{ name: { contains: query.q, mode: "insensitive" } }, { email: { contains: query.q, mode: "insensitive" } }],
    }),
  };
  const [users, total] = await Promise.all([prisma.user.findMany({ where, select: userWithSkillsSelect, orderBy: { id: "asc" }, ...skipTake(query) }), prisma.user.count({ where })]);
  return pageOf(users.map(serializeUserWithSkills), total, query);
}
