import { z } from "zod";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { replayedDeliveryAnswer } from "@/lib/webhooks/schemas";
import { replayWebhookDelivery } from "@/lib/webhooks/webhook-endpoints";

const params = idParams.extend({
  delivery_id: z.coerce
    .bigint()
    .positive()
    .max(2n ** 53n),
});

export const POST = route({ permission: "integrations.manage", params, answers: replayedDeliveryAnswer }, ({ user, params }) =>
  replayWebhookDelivery({ actor: user, id: params.id, deliveryId: params.delivery_id }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
