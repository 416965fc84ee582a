import { z } from "zod";
import { requiredText } from "@/lib/http/required-text";

// Shared by the login route and the sign-in form.
export const loginSchema = z.object({
  email: requiredText("email").trim().toLowerCase().min(1, "The email field is required.").max(255),
  password: requiredText("password").min(1, "The password field is required.").max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;
