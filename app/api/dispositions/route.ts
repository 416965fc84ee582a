import { createDisposition } from "@/lib/calls/dispositions/create-disposition";
import { dispositionAnswer, dispositionListAnswer } from "@/lib/calls/dispositions/disposition-answer";
import { listDispositions } from "@/lib/calls/dispositions/list-dispositions";
import { createDispositionSchema, listDispositionsQuery } from "@/lib/calls/dispositions/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.read", query: listDispositionsQuery, answers: dispositionListAnswer }, ({ user, query }) =>
  listDispositions({ actor: user, includeArchived: query.include_archived === "true" }),
);

export const POST = route({ permission: "dispositions.write", body: createDispositionSchema, status: 201, answers: dispositionAnswer }, ({ user, body }) =>
  createDisposition({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
