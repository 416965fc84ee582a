import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { replaceTag } from "@/lib/tags/replace-tag";
import { mergeTagSchema, tagParams } from "@/lib/tags/schemas";

export const POST = route({ permission: "contacts.write", params: tagParams, body: mergeTagSchema }, ({ user, params, body }) =>
  replaceTag({ actor: user, from: params.name, to: body.into, mode: "merge" }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
