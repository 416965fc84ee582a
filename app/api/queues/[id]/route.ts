import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { getQueue } from "@/lib/queue/settings/get-queue";
import { queueAnswer, updateQueueSchema } from "@/lib/queue/settings/schemas";
import { updateQueue } from "@/lib/queue/settings/update-queue";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "queue.handle", params: idParams, answers: queueAnswer }, ({ user, params }) => getQueue({ actor: user, id: params.id }));

export const PATCH = route({ permission: "queues.manage", params: idParams, body: updateQueueSchema, answers: queueAnswer }, ({ user, params, body }) =>
  updateQueue({ actor: user, id: params.id, input: body }),
);

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PATCH"]);
