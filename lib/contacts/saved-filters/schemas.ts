import { z } from "zod";
import { contactListFilters, createdRangeInOrder } from "@/lib/contacts/schemas";
import { patchSchema } from "@/lib/http/patch-schema";

// A preset stores contact list filters as the list endpoint takes them in its
// query string (so a client applies one by appending it), checked by the same schema.
const listFilters = contactListFilters.omit({ page: true, per_page: true }).strict().superRefine(createdRangeInOrder);

// A client writing JSON sends a preset's values as JSON: a list of tags, a
// department id as a number, opted_out as a boolean. They are stored as the
// query string spells them ("vip,gold", "2", "true").
const queryValue = z.preprocess(
  (value) => (Array.isArray(value) && value.every((item) => typeof item === "string") ? value.join(",") : typeof value === "number" || typeof value === "boolean" ? String(value) : value),
  z.string({ error: "must be a string, number, boolean or list of strings." }).max(255),
);

const filters = z.record(z.string(), queryValue, { error: "The filters must be an object of query parameters." }).superRefine((value, ctx) => {
  const parsed = listFilters.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const extra of issue.keys) ctx.addIssue({ code: "custom", path: [extra], message: "is not a known filter." });
      else ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  }
});

export const createSavedFilterSchema = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(100),
  filters,
});
export const updateSavedFilterSchema = patchSchema(createSavedFilterSchema);
