import { createCustomField, listCustomFields } from "@/lib/contacts/custom-fields/manage-custom-fields";
import { createCustomFieldInput, listCustomFieldsQuery } from "@/lib/contacts/custom-fields/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { customFieldAnswer, customFieldListAnswer } from "@/lib/contacts/custom-fields/custom-field-answer";

export const GET = route({ permission: "custom_fields.read", query: listCustomFieldsQuery, answers: customFieldListAnswer }, ({ user, query }) =>
  listCustomFields({ actor: user, includeArchived: query.include_archived }),
);

export const POST = route({ permission: "custom_fields.write", body: createCustomFieldInput, status: 201, answers: customFieldAnswer }, ({ user, body }) =>
  createCustomField({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
