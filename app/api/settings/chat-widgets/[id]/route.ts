import { chatWidgetAnswer, updateChatWidgetSchema } from "@/lib/messages/web-chat/chat-schemas";
import { deleteChatWidget, updateChatWidget } from "@/lib/messages/web-chat/chat-widgets";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";

export const PATCH = route({ permission: "integrations.manage", params: idParams, body: updateChatWidgetSchema, answers: chatWidgetAnswer }, ({ user, params, body }) =>
  updateChatWidget({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "integrations.manage", params: idParams, status: 204 }, ({ user, params }) => deleteChatWidget({ actor: user, id: params.id }));

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
