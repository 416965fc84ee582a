import { z } from "zod";
import { requiredText } from "@/lib/http/required-text";
import { userAnswer } from "@/lib/users/schemas";

// Shared by the login route and the sign-in form.
export const loginSchema = z.object({
  email: requiredText("email").trim().toLowerCase().min(1, "The email field is required.").max(255),
  password: requiredText("password").min(1, "The password field is required.").max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/login (and /api/auth/login): the user signed in and their bearer token. */
export const loginAnswer = z.object({
  user: userAnswer,
  token: z.string().meta({ description: "Send as `Authorization: Bearer <token>`; POST /api/logout revokes it" }),
});

/** POST /api/logout: the token that made the request is revoked. */
export const logoutAnswer = z.object({ message: z.string() });
