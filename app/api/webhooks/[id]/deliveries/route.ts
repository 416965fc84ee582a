import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { webhookDeliveryListAnswer } from "@/lib/webhooks/schemas";
import { listWebhookDeliveries } from "@/lib/webhooks/webhook-endpoints";

export const GET = route({ permission: "integrations.manage", params: idParams, answers: webhookDeliveryListAnswer }, ({ user, params }) => listWebhookDeliveries({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
