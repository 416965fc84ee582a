import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { messageTemplateAnswer } from "@/lib/messages/message-template-answer";
import { deleteMessageTemplate, updateMessageTemplate } from "@/lib/messages/message-templates";
import { updateMessageTemplateSchema } from "@/lib/messages/schemas";

export const PATCH = route({ permission: "message_templates.write", params: idParams, body: updateMessageTemplateSchema, answers: messageTemplateAnswer }, ({ user, params, body }) =>
  updateMessageTemplate({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "message_templates.write", params: idParams }, ({ user, params }) => deleteMessageTemplate({ actor: user, id: params.id }));

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
