import type { z } from "zod";
import type { UserRow } from "@/lib/auth/session-user";
import type { userAnswer, userWithSkillsAnswer } from "./schemas";

/** The user object of the API (never any credential). */
export function serializeUser(user: UserRow): z.output<typeof userAnswer> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    organization_id: user.organization_id,
    department_id: user.department_id,
    active: user.active,
    max_conversations: user.max_conversations,
    last_login_at: user.last_login_at,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export type ApiUser = ReturnType<typeof serializeUser>;

export const userSelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  organization_id: true,
  department_id: true,
  active: true,
  max_conversations: true,
  last_login_at: true,
  created_at: true,
  updated_at: true,
} as const;

/** userSelect with the user's skills, for the users list and one user. */
export const userWithSkillsSelect = { ...userSelect, skills: { select: { skill: true, level: true }, orderBy: { skill: "asc" } } } as const;

export function serializeUserWithSkills(user: UserRow & { skills: { skill: string; level: number }[] }): z.output<typeof userWithSkillsAnswer> {
  return { ...serializeUser(user), skills: user.skills };
}
