import { archiveCustomField } from "@/lib/contacts/custom-fields/manage-custom-fields";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { customFieldAnswer } from "@/lib/contacts/custom-fields/custom-field-answer";

export const POST = route({ permission: "custom_fields.write", params: idParams, answers: customFieldAnswer }, ({ user, params }) =>
  archiveCustomField({ actor: user, id: params.id, archived: true }),
);

/** Unarchive: the field and its kept values come back. */
export const DELETE = route({ permission: "custom_fields.write", params: idParams, answers: customFieldAnswer }, ({ user, params }) =>
  archiveCustomField({ actor: user, id: params.id, archived: false }),
);

export const { GET, PUT, PATCH, OPTIONS } = methodsNotAllowed(["POST", "DELETE"]);
