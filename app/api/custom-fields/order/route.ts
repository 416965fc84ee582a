import { reorderCustomFields } from "@/lib/contacts/custom-fields/manage-custom-fields";
import { reorderCustomFieldsSchema } from "@/lib/contacts/custom-fields/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { customFieldListAnswer } from "@/lib/contacts/custom-fields/custom-field-answer";

export const PUT = route({ permission: "custom_fields.write", body: reorderCustomFieldsSchema, answers: customFieldListAnswer }, ({ user, body }) =>
  reorderCustomFields({ actor: user, ids: body.ids }),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["PUT"]);
