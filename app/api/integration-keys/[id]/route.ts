import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { integrationKeyAnswer } from "@/lib/sign-in/integrations/schemas";
import { KEY_MAKER_PERMISSION, revokeIntegrationKey } from "@/lib/sign-in/integrations/integration-keys";

export const DELETE = route({ permission: KEY_MAKER_PERMISSION, params: idParams, answers: integrationKeyAnswer }, ({ user, params }) => revokeIntegrationKey({ actor: user, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
