import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { savedFilterAnswer, savedFilterListAnswer } from "@/lib/contacts/saved-filters/saved-filter-answer";
import { createSavedFilter, listSavedFilters } from "@/lib/contacts/saved-filters/manage-saved-filters";
import { createSavedFilterSchema } from "@/lib/contacts/saved-filters/schemas";

export const GET = route({ permission: "contacts.read", answers: savedFilterListAnswer }, ({ user }) => listSavedFilters({ actor: user }));

export const POST = route({ permission: "contacts.read", body: createSavedFilterSchema, status: 201, answers: savedFilterAnswer }, ({ user, body }) => createSavedFilter({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
