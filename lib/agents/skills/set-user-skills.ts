import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { queueMayMove } from "@/lib/queue/entries/queue-may-move";
import { listUserSkills } from "./list-user-skills";
import type { UserSkillsInput } from "./schemas";

/**
 * PUT /api/users/{id}/skills: the agent's skills, as a whole (an empty list
 * clears them). Admins set anyone's in their organization, a manager their
 * department's people; anyone else's is not found. Audited.
 */
export async function setUserSkills({ actor, userId, input }: { actor: SessionUser; userId: number; input: UserSkillsInput }) {
  const user = await prisma.user.findFirst({ where: { id: userId, ...managedUserScope(actor) }, select: { id: true, organization_id: true, department_id: true } });
  if (!user) throw AppError.notFound();
  const saved = await prisma.$transaction(async (tx) => {
    await tx.userSkill.deleteMany({ where: { user_id: user.id, skill: { notIn: input.map((s) => s.skill) } } });
    for (const { skill, level } of input) {
      await tx.userSkill.upsert({ where: { user_id_skill: { user_id: user.id, skill } }, create: { user_id: user.id, organization_id: user.organization_id, skill, level }, update: { level } });
    }
    await writeAuditLog(tx, {
      organization_id: user.organization_id,
      department_id: user.department_id,
      user_id: actor.id,
      action: "user.skills.updated",
      subject_type: "user",
      subject_id: user.id,
      details: { skills: input },
    });
    return { user_id: user.id, skills: await listUserSkills(user.id, tx) };
  });
  // New skills may qualify the agent for a call waiting in an offer queue.
  queueMayMove(user.organization_id);
  return saved;
}
