import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { messageTemplateAnswer, messageTemplateListAnswer } from "@/lib/messages/message-template-answer";
import { createMessageTemplate, listMessageTemplates } from "@/lib/messages/message-templates";
import { messageTemplateSchema } from "@/lib/messages/schemas";

export const GET = route({ permission: "messages.read", answers: messageTemplateListAnswer }, ({ user }) => listMessageTemplates({ actor: user }));

export const POST = route({ permission: "message_templates.write", body: messageTemplateSchema, status: 201, answers: messageTemplateAnswer }, ({ user, body }) =>
  createMessageTemplate({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
