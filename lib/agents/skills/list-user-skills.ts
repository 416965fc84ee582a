import "server-only";
import { prisma, type Tx } from "@/lib/db/client";

/** One agent's skills, by name. */
export async function listUserSkills(userId: number, db: Tx = prisma) {
  return db.userSkill.findMany({ where: { user_id: userId }, select: { skill: true, level: true }, orderBy: { skill: "asc" } });
}
