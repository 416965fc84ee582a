import { updateDispositionSchema } from "@/lib/calls/dispositions/schemas";
import { deleteDisposition, updateDisposition } from "@/lib/calls/dispositions/update-disposition";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { dispositionAnswer } from "@/lib/calls/dispositions/disposition-answer";

export const PATCH = route({ permission: "dispositions.write", params: idParams, body: updateDispositionSchema, answers: dispositionAnswer }, ({ user, params, body }) =>
  updateDisposition({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "dispositions.write", params: idParams }, ({ user, params }) => deleteDisposition({ actor: user, id: params.id }));

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
