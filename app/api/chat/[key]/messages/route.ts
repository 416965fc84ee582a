import { visitorMessageAnswer, visitorMessageSchema, visitorMessagesAnswer } from "@/lib/messages/web-chat/chat-schemas";
import { afterQuery, visitorToken, widgetParams } from "@/lib/messages/web-chat/chat-params";
import { postVisitorMessage, visitorLines } from "@/lib/messages/web-chat/visitor-chat";
import { visitorFor, widgetFor } from "@/lib/messages/web-chat/visitor-access";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { widgetPreflight, withWidgetCors } from "@/lib/routes/chat-route";

// The visitor's own conversation: what they wrote and what agents answered (X-Visitor-Token).
export const GET = withWidgetCors(
  route({ auth: false, params: widgetParams, query: afterQuery, answers: visitorMessagesAnswer }, async ({ params, query, request }) => {
    const widget = await widgetFor(params.key, request.headers.get("origin"));
    const visitor = await visitorFor(widget, visitorToken(request));
    return { data: await visitorLines(visitor.conversation_id, query.after) };
  }),
);

// The visitor writes: it reaches the inbox as a conversation of the channel web.
export const POST = withWidgetCors(
  route({ auth: false, params: widgetParams, body: visitorMessageSchema, status: 201, answers: visitorMessageAnswer }, async ({ params, body, request }) => {
    const widget = await widgetFor(params.key, request.headers.get("origin"));
    const visitor = await visitorFor(widget, visitorToken(request));
    return postVisitorMessage({ widget, visitor, body: body.body });
  }),
);

export const OPTIONS = widgetPreflight;
export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
