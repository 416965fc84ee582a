import { z } from "zod";
import { loginAnswer } from "@/lib/sign-in/schemas";
import { createOrganizationSchema } from "@/lib/organizations/schemas";
import { timeZoneSchema } from "@/lib/settings/schemas";
import { createUserSchema } from "@/lib/users/schemas";

// Shared by POST /api/setup, the setup page and (through the API) `npm run setup`.
// Each field has the rules it has everywhere else: an organization's name and
// zone as a super admin gives them, the admin's name, email and password as
// any user's.

export const firstRunSchema = z.object({
  organization: z.object({
    name: createOrganizationSchema.shape.name,
    time_zone: timeZoneSchema,
  }),
  admin: z.object({
    name: createUserSchema.shape.name,
    email: createUserSchema.shape.email,
    password: createUserSchema.shape.password,
  }),
});

export type FirstRunInput = z.infer<typeof firstRunSchema>;

/** GET /api/setup: true while the database holds no user (nobody could sign in). */
export const setupStatusAnswer = z.object({ needed: z.boolean() });

/** POST /api/setup: the new administrator, signed in, exactly as POST /api/login answers. */
export const firstRunAnswer = loginAnswer;
