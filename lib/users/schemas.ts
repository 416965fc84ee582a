import { z } from "zod";
import { skillAnswer } from "@/lib/agents/skills/schemas";
import { intId, intIdQuery } from "@/lib/http/params";
import { paginationSchema } from "@/lib/http/pagination";
import { page, timestamp } from "@/lib/http/answer-schemas";

export const roleSchema = z.enum(["super_admin", "account_admin", "dept_manager", "agent"], {
  error: "The role must be one of super_admin, account_admin, dept_manager, agent.",
});

/** The user object of the API (serialize-user.ts returns exactly this; never any credential). */
export const userAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  organization_id: z.number().int(),
  department_id: z.number().int().nullable(),
  active: z.boolean(),
  max_conversations: z.number().int().meta({ description: "Open text conversations the assignment gives this user at most (issue 44)" }),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
/** A user as GET /api/users and /api/users/{id} answer them: with their skills (issue 44). */
export const userWithSkillsAnswer = userAnswer.extend({
  skills: z.array(skillAnswer).meta({ description: "What the agent can do and how well (1-10); set with PUT /api/users/{id}/skills" }),
});
export const userPageAnswer = page(userWithSkillsAnswer);

const name = z.string().trim().min(1, "The name field is required.").max(255);
const email = z.email("The email must be a valid email address.").trim().toLowerCase().max(255);
const password = z.string().min(8, "The password must be at least 8 characters.").max(200);

export const createUserSchema = z.object({
  name,
  email,
  password,
  role: roleSchema,
  department_id: intId.nullable().optional(),
  organization_id: intId.optional(),
});

export const updateUserSchema = z
  .object({
    name,
    email,
    password,
    role: roleSchema,
    department_id: intId.nullable(),
    active: z.boolean(),
    max_conversations: z
      .number({ error: "max_conversations must be a whole number from 1 to 100." })
      .int("max_conversations must be a whole number from 1 to 100.")
      .min(1, "max_conversations must be a whole number from 1 to 100.")
      .max(100, "max_conversations must be a whole number from 1 to 100."),
  })
  .partial();

export const listUsersQuery = paginationSchema.extend({
  role: roleSchema.optional().catch(undefined),
  department_id: intIdQuery.optional().catch(undefined),
  q: z.string().trim().max(255).optional(),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export type ListUsersQuery = z.infer<typeof listUsersQuery>;
