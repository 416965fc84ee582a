import { z } from "zod";
import { id, page, timestamp } from "@/lib/http/answer-schemas";

// Organizations as the platform's super admins see them (list-organizations.ts, create-organization.ts).

export const organizationAnswer = z.object({ id, name: z.string(), created_at: timestamp });

export const organizationPageAnswer = page(organizationAnswer);

/** A new organization, with the departments it starts with. */
export const createdOrganizationAnswer = organizationAnswer.extend({
  departments: z.array(z.object({ id, name: z.string() })),
});
