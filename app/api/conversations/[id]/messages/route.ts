import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/server/route";
import { threadAnswer } from "@/lib/messages/conversation-answer";
import { listMessages } from "@/lib/messages/list-messages";
import { threadQuery } from "@/lib/messages/schemas";

export const GET = route({ permission: "messages.read", params: bigIdParams, query: threadQuery, answers: threadAnswer }, ({ user, params, query }) =>
  listMessages({ actor: user, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
