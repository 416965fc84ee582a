import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/server/route";
import { integrationKeyAnswer } from "@/lib/integrations/schemas";
import { revokeIntegrationKey } from "@/lib/integrations/integration-keys";

export const DELETE = route({ permission: "integrations.manage", params: idParams, answers: integrationKeyAnswer }, ({ user, params }) => revokeIntegrationKey({ actor: user, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
