import { visitorEmailSchema } from "@/lib/messages/web-chat/chat-schemas";
import { visitorToken, widgetParams } from "@/lib/messages/web-chat/chat-params";
import { leaveVisitorEmail } from "@/lib/messages/web-chat/visitor-chat";
import { visitorFor, widgetFor } from "@/lib/messages/web-chat/visitor-access";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { widgetPreflight, withWidgetCors } from "@/lib/routes/chat-route";

// The visitor leaves an email to be answered later.
export const POST = withWidgetCors(
  route({ auth: false, params: widgetParams, body: visitorEmailSchema, status: 204 }, async ({ params, body, request }) => {
    const widget = await widgetFor(params.key, request.headers.get("origin"));
    const visitor = await visitorFor(widget, visitorToken(request));
    return leaveVisitorEmail({ widget, visitor, email: body.email });
  }),
);

export const OPTIONS = widgetPreflight;
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
