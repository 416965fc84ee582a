import { eventStreamQuery, openEventStream } from "@/lib/events/event-stream";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

// The live event stream: a bearer token, or the browser's web session (EventSource sends no headers).
export const GET = route({ webSession: true, query: eventStreamQuery }, ({ user, request, query }) => openEventStream({ user, request, query }));

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
