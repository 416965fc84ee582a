import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { createWebhookSchema } from "@/lib/webhooks/schemas";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/webhook-endpoints";

// Outgoing webhooks (issue 24): admins register endpoints for the organization's events.
export const GET = route({ permission: "integrations.manage" }, ({ user }) => listWebhookEndpoints({ actor: user }));
export const POST = route({ permission: "integrations.manage", body: createWebhookSchema, status: 201 }, ({ user, body }) => createWebhookEndpoint({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
