import { bulkContactAction, bulkContactActionSchema } from "@/lib/contacts/bulk-contact-action";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { bulkActionAnswer } from "@/lib/contacts/bulk-action-answer";
import { operationAcceptedAnswer } from "@/lib/contacts/operations/operation-answer";
import { operationOrResult } from "@/lib/contacts/operations/operation-response";

// Chosen ids: 200 with the result. A filter ("every contact matching"): 202 with the operation.
export const POST = route({ permission: "contacts.write", body: bulkContactActionSchema, answers: bulkActionAnswer, alsoAnswers: { 202: operationAcceptedAnswer } }, async ({ user, body }) =>
  operationOrResult(await bulkContactAction({ actor: user, input: body })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
