import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { deleteTag } from "@/lib/tags/delete-tag";
import { replaceTag } from "@/lib/tags/replace-tag";
import { renameTagSchema, tagParams } from "@/lib/tags/schemas";

export const PATCH = route({ permission: "contacts.write", params: tagParams, body: renameTagSchema }, ({ user, params, body }) =>
  replaceTag({ actor: user, from: params.name, to: body.name, mode: "rename" }),
);

export const DELETE = route({ permission: "contacts.write", params: tagParams }, ({ user, params }) =>
  deleteTag({ actor: user, name: params.name }),
);

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
