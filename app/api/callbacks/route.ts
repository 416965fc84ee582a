import { listCallbacks } from "@/lib/queue/scheduled-callbacks/list-callbacks";
import { scheduleCallback } from "@/lib/queue/scheduled-callbacks/schedule-callback";
import { callbackAnswer, callbackListAnswer, listCallbacksQuery, scheduleCallbackSchema } from "@/lib/queue/scheduled-callbacks/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.place", query: listCallbacksQuery, answers: callbackListAnswer }, ({ user, query }) => listCallbacks({ actor: user, status: query.status }));

export const POST = route({ permission: "calls.place", body: scheduleCallbackSchema, status: 201, answers: callbackAnswer }, ({ user, body }) => scheduleCallback({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
