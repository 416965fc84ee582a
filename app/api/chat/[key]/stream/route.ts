import { streamQuery, widgetParams } from "@/lib/messages/web-chat/chat-params";
import { visitorFor, widgetFor, chatCorsHeaders } from "@/lib/messages/web-chat/visitor-access";
import { openVisitorStream } from "@/lib/messages/web-chat/visitor-stream";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { widgetPreflight, withWidgetCors } from "@/lib/routes/chat-route";

// The visitor's answers as they come (server-sent events). EventSource sends no headers of its own: the token is ?token=.
export const GET = withWidgetCors(
  route({ auth: false, params: widgetParams, query: streamQuery }, async ({ params, query, request }) => {
    const origin = request.headers.get("origin");
    const widget = await widgetFor(params.key, origin);
    const visitor = await visitorFor(widget, query.token ?? request.headers.get("x-visitor-token"));
    const resume = query.last_id ?? BigInt(/^\d{1,18}$/.test(request.headers.get("last-event-id") ?? "") ? request.headers.get("last-event-id")! : 0);
    return openVisitorStream(request, visitor, resume, await chatCorsHeaders(params.key, origin));
  }),
);

export const OPTIONS = widgetPreflight;
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
