import { chatWidgetAnswer, chatWidgetSchema } from "@/lib/messages/web-chat/chat-schemas";
import { createChatWidget, listChatWidgets } from "@/lib/messages/web-chat/chat-widgets";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { z } from "zod";

export const GET = route({ permission: "integrations.manage", answers: z.object({ data: z.array(chatWidgetAnswer) }) }, ({ user }) => listChatWidgets({ actor: user }));

export const POST = route({ permission: "integrations.manage", body: chatWidgetSchema, status: 201, answers: chatWidgetAnswer }, ({ user, body }) => createChatWidget({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
