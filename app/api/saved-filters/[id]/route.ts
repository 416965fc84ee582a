import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { savedFilterAnswer } from "@/lib/contacts/saved-filters/saved-filter-answer";
import { deleteSavedFilter, updateSavedFilter } from "@/lib/contacts/saved-filters/manage-saved-filters";
import { updateSavedFilterSchema } from "@/lib/contacts/saved-filters/schemas";

export const PATCH = route({ permission: "contacts.read", params: idParams, body: updateSavedFilterSchema, answers: savedFilterAnswer }, ({ user, params, body }) =>
  updateSavedFilter({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "contacts.read", params: idParams }, ({ user, params }) => deleteSavedFilter({ actor: user, id: params.id }));

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
