import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { deleteWebhookEndpoint } from "@/lib/webhooks/webhook-endpoints";

export const DELETE = route({ permission: "integrations.manage", params: idParams }, ({ user, params }) => deleteWebhookEndpoint({ actor: user, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
