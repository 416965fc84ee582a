import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { bigIdParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { conversationContactAnswer } from "@/lib/messages/conversation-answer";
import { createConversationContact } from "@/lib/messages/conversation-contact";
import { conversationContactSchema } from "@/lib/messages/schemas";

// An agent texting with an unknown number saves it as a contact in one step.
export const POST = route({ permission: "messages.send", params: bigIdParams, body: conversationContactSchema, status: 201, answers: conversationContactAnswer }, ({ user, params, body }) =>
  createConversationContact({ actor: user, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
