import { jsonResponse } from "@/lib/http/json";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { operationAcceptedAnswer } from "@/lib/contacts/operations/operation-answer";
import { operationOrResult } from "@/lib/contacts/operations/operation-response";
import { eraseContact } from "@/lib/contacts/privacy/erase-contact";
import { eraseContactSchema, erasurePreviewAnswer } from "@/lib/contacts/privacy/schemas";
import { route } from "@/lib/routes/route";

export const POST = route(
  { permission: "personal_data.manage", params: bigIdParams, body: eraseContactSchema, answers: operationAcceptedAnswer, alsoAnswers: { 200: erasurePreviewAnswer }, status: 202 },
  async ({ user, params, body }) => {
    const erasure = await eraseContact({ actor: user, id: params.id, dryRun: body.dry_run });
    return "dry_run" in erasure ? jsonResponse(erasure, 200) : operationOrResult(erasure);
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
