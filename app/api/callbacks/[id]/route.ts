import { cancelCallback } from "@/lib/queue/scheduled-callbacks/cancel-callback";
import { listCallbacks } from "@/lib/queue/scheduled-callbacks/list-callbacks";
import { callbackAnswer } from "@/lib/queue/scheduled-callbacks/schemas";
import { AppError } from "@/lib/errors/app-error";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.place", params: bigIdParams, answers: callbackAnswer }, async ({ user, params }) => {
  const [callback] = (await listCallbacks({ actor: user, only: params.id })).data;
  if (!callback) throw AppError.notFound();
  return callback;
});

export const DELETE = route({ permission: "calls.place", params: bigIdParams, answers: callbackAnswer }, ({ user, params }) => cancelCallback({ actor: user, id: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "DELETE"]);
