import { deleteCustomField, updateCustomField } from "@/lib/custom-fields/manage-custom-fields";
import { deleteCustomFieldQuery, deleteCustomFieldSchema, updateCustomFieldInput } from "@/lib/custom-fields/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";

export const PATCH = route({ permission: "custom_fields.write", params: idParams, body: updateCustomFieldInput }, ({ user, params, body }) =>
  updateCustomField({ actor: user, id: params.id, input: body }),
);

// Irreversible: the request must confirm it ({"confirm": true} or ?confirm=true).
export const DELETE = route(
  { permission: "custom_fields.write", params: idParams, query: deleteCustomFieldQuery, body: deleteCustomFieldSchema },
  ({ user, params, query, body }) =>
    deleteCustomField({ actor: user, id: params.id, confirmed: body.confirm === true || query.confirm }),
);

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
