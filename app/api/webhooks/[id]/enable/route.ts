import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { webhookEndpointAnswer } from "@/lib/webhooks/schemas";
import { enableWebhookEndpoint } from "@/lib/webhooks/webhook-endpoints";

export const POST = route({ permission: "integrations.manage", params: idParams, answers: webhookEndpointAnswer }, ({ user, params }) => enableWebhookEndpoint({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
