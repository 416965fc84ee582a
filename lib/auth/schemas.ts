import { z } from "zod";

// Shared by the login route and the sign-in form.
export const loginSchema = z.object({
  email: z.string({ error: "The email field is required." }).trim().toLowerCase().min(1, "The email field is required.").max(255),
  password: z.string({ error: "The password field is required." }).min(1, "The password field is required.").max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;
