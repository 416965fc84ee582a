import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { operationAcceptedAnswer } from "@/lib/operations/operation-answer";
import { operationOrResult } from "@/lib/operations/operation-response";
import { eraseContact } from "@/lib/privacy/erase-contact";
import { route } from "@/lib/server/route";

export const POST = route({ permission: "personal_data.manage", params: bigIdParams, answers: operationAcceptedAnswer, status: 202 }, async ({ user, params }) =>
  operationOrResult(await eraseContact({ actor: user, id: params.id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
