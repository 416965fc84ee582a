import { visitorAnswer } from "@/lib/messages/web-chat/chat-schemas";
import { widgetParams } from "@/lib/messages/web-chat/chat-params";
import { startVisit } from "@/lib/messages/web-chat/visitor-chat";
import { widgetFor } from "@/lib/messages/web-chat/visitor-access";
import { clientAddress } from "@/lib/http/client-address";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { widgetPreflight, withWidgetCors } from "@/lib/routes/chat-route";

// A visitor opens the chat on one of the widget's sites: their token.
export const POST = withWidgetCors(
  route({ auth: false, params: widgetParams, status: 201, answers: visitorAnswer }, async ({ params, request }) => {
    const origin = request.headers.get("origin");
    const widget = await widgetFor(params.key, origin);
    return startVisit({ widget, origin: origin!, address: clientAddress(request) });
  }),
);

export const OPTIONS = widgetPreflight;
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
