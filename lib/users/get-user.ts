import "server-only";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { serializeUserWithSkills, userWithSkillsSelect } from "./serialize-user";

export async function getUser({ actor, id }: { actor: SessionUser; id: number }) {
  const user = await prisma.user.findFirst({ where: { id, ...managedUserScope(actor) }, select: userWithSkillsSelect });
  if (!user) throw AppError.notFound();
  return serializeUserWithSkills(user);
}
