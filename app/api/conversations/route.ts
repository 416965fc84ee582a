import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { conversationPageAnswer } from "@/lib/messages/conversation-answer";
import { listConversations } from "@/lib/messages/list-conversations";
import { listConversationsQuery } from "@/lib/messages/schemas";

export const GET = route({ permission: "messages.read", query: listConversationsQuery, answers: conversationPageAnswer }, ({ user, query }) => listConversations({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
