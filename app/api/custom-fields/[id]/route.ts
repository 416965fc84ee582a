import { deleteCustomField, updateCustomField } from "@/lib/contacts/custom-fields/manage-custom-fields";
import { deleteCustomFieldQuery, deleteCustomFieldSchema, updateCustomFieldInput } from "@/lib/contacts/custom-fields/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { customFieldAnswer, customFieldDeletionAnswer } from "@/lib/contacts/custom-fields/custom-field-answer";
import { operationAcceptedAnswer } from "@/lib/contacts/operations/operation-answer";
import { operationOrResult } from "@/lib/contacts/operations/operation-response";
import { prefersAsync } from "@/lib/contacts/operations/start-operation";

export const PATCH = route({ permission: "custom_fields.write", params: idParams, body: updateCustomFieldInput, answers: customFieldAnswer }, ({ user, params, body }) =>
  updateCustomField({ actor: user, id: params.id, input: body }),
);

// Irreversible: the request must confirm it ({"confirm": true} or ?confirm=true). 200 with the result, or 202
// with an operation when many contacts hold a value (or the client prefers respond-async).
export const DELETE = route(
  {
    permission: "custom_fields.write",
    params: idParams,
    query: deleteCustomFieldQuery,
    body: deleteCustomFieldSchema,
    answers: customFieldDeletionAnswer,
    alsoAnswers: { 202: operationAcceptedAnswer },
  },
  async ({ user, params, query, body, request }) =>
    operationOrResult(await deleteCustomField({ actor: user, id: params.id, confirmed: body.confirm === true || query.confirm, async: prefersAsync(request) })),
);

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
