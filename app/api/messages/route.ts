import { messageAnswer } from "@/lib/messages/message-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { sendMessageSchema } from "@/lib/messages/schemas";
import { sendMessage } from "@/lib/messages/send-message";

export const POST = route({ permission: "messages.send", body: sendMessageSchema, status: 201, answers: messageAnswer }, ({ user, body }) => sendMessage({ actor: user, input: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
