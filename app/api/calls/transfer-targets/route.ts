import { listTransferTargets, transferTargetsAnswer, transferTargetsQuerySchema } from "@/lib/calls/list-transfer-targets";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.place", query: transferTargetsQuerySchema, answers: transferTargetsAnswer }, ({ user, query }) => listTransferTargets({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
