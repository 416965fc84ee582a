import "server-only";
import { describeRoute, routeDescription, type RouteDescription } from "@/lib/http/route-description";
import { chatCorsHeaders } from "@/lib/messages/web-chat/visitor-access";

// The website chat's public routes (/api/chat/{key}/…) answer the sites each
// widget allows, not the app's own front end: proxy.ts leaves them alone and
// they add their own cross-origin headers, per widget, here.

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const keyOf = async (context: Parameters<Handler>[1]) => String((await context.params).key ?? "");

/** A chat route's answers carry Access-Control-Allow-Origin for the widget's own sites. */
export function withWidgetCors(handler: Handler): Handler {
  const wrapped: Handler = async (request, context) => {
    const response = await handler(request, context);
    (await chatCorsHeaders(await keyOf(context), request.headers.get("origin"))).forEach((value, key) => response.headers.set(key, value));
    return response;
  };
  return describeRoute(wrapped, routeDescription(handler) as RouteDescription);
}

/** The browser's preflight for a widget's site (the visitor's token travels in a header of its own). */
export async function widgetPreflight(request: Request, context: Parameters<Handler>[1]): Promise<Response> {
  return new Response(null, { status: 204, headers: await chatCorsHeaders(await keyOf(context), request.headers.get("origin"), true) });
}
