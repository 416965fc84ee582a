import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { operationAcceptedAnswer } from "@/lib/contacts/operations/operation-answer";
import { tagChangeAnswer } from "@/lib/contacts/tags/tag-answer";
import { operationOrResult } from "@/lib/contacts/operations/operation-response";
import { prefersAsync } from "@/lib/contacts/operations/start-operation";
import { deleteTag } from "@/lib/contacts/tags/delete-tag";
import { replaceTag } from "@/lib/contacts/tags/replace-tag";
import { renameTagSchema, tagParams } from "@/lib/contacts/tags/schemas";

// 200 with the result, or 202 with an operation when many contacts carry the tag (or the client prefers respond-async).
export const PATCH = route(
  { permission: "contacts.write", params: tagParams, body: renameTagSchema, answers: tagChangeAnswer, alsoAnswers: { 202: operationAcceptedAnswer } },
  async ({ user, params, body, request }) => operationOrResult(await replaceTag({ actor: user, change: { from: params.name, to: body.name, mode: "rename" }, async: prefersAsync(request) })),
);

export const DELETE = route({ permission: "contacts.write", params: tagParams }, ({ user, params }) => deleteTag({ actor: user, name: params.name }));

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
