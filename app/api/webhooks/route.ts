import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { createdWebhookEndpointAnswer, webhookEndpointListAnswer } from "@/lib/webhooks/schemas";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/webhook-endpoints";

// Outgoing webhooks (issue 24): admins register endpoints for the organization's events.
export const GET = route({ permission: "integrations.manage", answers: webhookEndpointListAnswer }, ({ user }) => listWebhookEndpoints({ actor: user }));
export const POST = route({ permission: "integrations.manage", body: createWebhookSchema, status: 201, answers: createdWebhookEndpointAnswer }, ({ user, body }) =>
  createWebhookEndpoint({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
