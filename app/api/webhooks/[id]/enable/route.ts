import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { enableWebhookEndpoint } from "@/lib/webhooks/webhook-endpoints";

export const POST = route({ permission: "integrations.manage", params: idParams }, ({ user, params }) => enableWebhookEndpoint({ actor: user, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
