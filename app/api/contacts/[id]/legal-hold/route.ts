import { holdContactRecordings, legalHoldAnswer, legalHoldSchema } from "@/lib/recordings/legal-hold";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "legal_hold.manage", params: bigIdParams, body: legalHoldSchema, answers: legalHoldAnswer }, ({ user, params, body }) =>
  holdContactRecordings({ actor: user, contactId: params.id, on: body.on }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
