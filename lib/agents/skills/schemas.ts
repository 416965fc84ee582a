import { z } from "zod";
import { id } from "@/lib/http/answer-schemas";

// Skills (issue 44, point 2): what an agent can do and how well, matched by the
// offer engine against the skills a queue requires. A skill is a word or two
// in lower case ("spanish", "billing", "tier 2"), so "Spanish" and "spanish"
// are one skill.

export const skillNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "The skill must not be empty.")
  .max(40, "The skill is at most 40 characters.")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, "The skill is letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.");

const level = (field: string) =>
  z
    .number({ error: `The ${field} must be a whole number from 1 to 10.` })
    .int(`The ${field} must be a whole number from 1 to 10.`)
    .min(1, `The ${field} must be a whole number from 1 to 10.`)
    .max(10, `The ${field} must be a whole number from 1 to 10.`);

/** Refuses a list naming one skill twice, at the second one. */
function oneEach<T extends { skill: string }>(list: T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    if (seen.has(entry.skill)) ctx.addIssue({ code: "custom", path: [index, "skill"], message: "This skill is named twice." });
    seen.add(entry.skill);
  });
}

/** PUT /api/users/{id}/skills: the agent's skills as a whole. */
export const userSkillsSchema = z
  .array(z.strictObject({ skill: skillNameSchema, level: level("level") }), { error: "Send a list of { skill, level }." })
  .max(50, "An agent has at most 50 skills.")
  .superRefine(oneEach);
export type UserSkillsInput = z.infer<typeof userSkillsSchema>;

/** A queue's required skills (PATCH /api/queues/{id}). */
export const requiredSkillsSchema = z
  .array(z.strictObject({ skill: skillNameSchema, min_level: level("min_level") }), { error: "Send a list of { skill, min_level }." })
  .max(20, "A queue requires at most 20 skills.")
  .superRefine(oneEach);
export type RequiredSkills = z.infer<typeof requiredSkillsSchema>;

export const skillAnswer = z.object({ skill: z.string(), level: z.number().int() });
export const userSkillsAnswer = z.object({ user_id: id, skills: z.array(skillAnswer) });
