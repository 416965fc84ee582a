import { openEventStream, parseTypes } from "@/lib/events/event-stream";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

// The live event stream: a bearer token, or the browser's web session (EventSource sends no headers).
export const GET = route({ webSession: true }, ({ user, request }) =>
  openEventStream({ user, request, types: parseTypes(new URL(request.url).searchParams.get("types")) }),
);

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
