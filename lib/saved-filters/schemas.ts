import { z } from "zod";
import { listContactsQuery } from "@/lib/contacts/schemas";
import { patchSchema } from "@/lib/http/patch-schema";

// A preset stores contact list filters as the list endpoint takes them in its
// query string (so a client applies one by appending it), checked by the same schema.
const listFilters = listContactsQuery.omit({ page: true, per_page: true }).strict();

const filters = z.record(z.string(), z.string().max(255), { error: "The filters must be an object of query parameters." }).superRefine((value, ctx) => {
  const parsed = listFilters.safeParse(value);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});

export const createSavedFilterSchema = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(100),
  filters,
});
export const updateSavedFilterSchema = patchSchema(createSavedFilterSchema);
