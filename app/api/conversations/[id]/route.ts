import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { conversationAnswer, updatedConversationAnswer } from "@/lib/messages/conversation-answer";
import { getConversation } from "@/lib/messages/get-conversation";
import { updateConversationSchema } from "@/lib/messages/schemas";
import { updateConversation } from "@/lib/messages/update-conversation";

export const GET = route({ permission: "messages.read", params: bigIdParams, answers: conversationAnswer }, ({ user, params }) => getConversation({ actor: user, id: params.id }));

export const PATCH = route({ permission: "messages.send", params: bigIdParams, body: updateConversationSchema, answers: updatedConversationAnswer }, ({ user, params, body }) =>
  updateConversation({ actor: user, id: params.id, input: body }),
);

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PATCH"]);
