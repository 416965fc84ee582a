import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { createIntegrationKey, KEY_MAKER_PERMISSION, listIntegrationKeys } from "@/lib/sign-in/integrations/integration-keys";
import { createdIntegrationKeyAnswer, createIntegrationKeySchema, integrationKeyListAnswer } from "@/lib/sign-in/integrations/schemas";

// Integration keys: API keys for systems (issue 24). Admins only.
export const GET = route({ permission: KEY_MAKER_PERMISSION, answers: integrationKeyListAnswer }, ({ user }) => listIntegrationKeys({ actor: user }));
export const POST = route({ permission: KEY_MAKER_PERMISSION, body: createIntegrationKeySchema, status: 201, answers: createdIntegrationKeyAnswer }, ({ user, body }) =>
  createIntegrationKey({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
