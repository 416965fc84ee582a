import { z } from "zod";

export const createOrganizationSchema = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(255),
  departments: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
});

export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;
