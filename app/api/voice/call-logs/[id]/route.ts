import { updateCallNotes, updateCallNotesSchema } from "@/lib/calls/list-call-logs";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";

export const PATCH = route({ permission: "calls.read", params: bigIdParams, body: updateCallNotesSchema }, ({ user, params, body }) =>
  updateCallNotes({ actor: user, id: params.id, notes: body.notes }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["PATCH"]);
