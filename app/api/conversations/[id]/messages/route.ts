import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { threadAnswer } from "@/lib/messages/conversation-answer";
import { listMessages } from "@/lib/messages/list-messages";
import { replySchema, threadQuery } from "@/lib/messages/schemas";
import { messageAnswer } from "@/lib/messages/message-answer";
import { replyInConversation } from "@/lib/messages/reply-in-conversation";

export const GET = route({ permission: "messages.read", params: bigIdParams, query: threadQuery, answers: threadAnswer }, ({ user, params, query }) =>
  listMessages({ actor: user, id: params.id, query }),
);

// Answer in this conversation, on its channel (a website visitor's chat, a text, WhatsApp).
export const POST = route({ permission: "messages.send", params: bigIdParams, body: replySchema, status: 201, answers: messageAnswer }, ({ user, params, body }) =>
  replyInConversation({ actor: user, id: params.id, body: body.body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
