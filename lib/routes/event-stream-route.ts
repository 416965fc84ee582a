import "server-only";
import { route } from "@/lib/routes/route";
import { describeRoute, routeDescription } from "@/lib/http/route-description";
import { eventBus, type Arrival } from "@/lib/events/event-bus";
import { eventStreamQuery, openEventStream } from "./event-stream";

// GET /api/events, defined once: app/api/events/route.ts exports it for
// Next.js, and our server calls the very same handler for the streams it
// serves itself (lib/server/front-door.ts). A bearer token, or the
// browser's web session (EventSource sends no headers).

const arrivals = new WeakMap<Request, Arrival>();

const streamRoute = route({ webSession: true, query: eventStreamQuery }, ({ user, request, query }) => openEventStream({ user, request, query, arrival: arrivals.get(request)! }));

// The request is noted by the bus before its token is read: a change of the
// user's rights (or a sign-out) committed after that read and heard before the
// stream subscribes still closes it (docs/decisions/014-live-updates.md).
export const eventStreamRoute = describeRoute(async (...args: Parameters<typeof streamRoute>): Promise<Response> => {
  const bus = eventBus();
  arrivals.set(args[0], await bus.arrive());
  try {
    return await streamRoute(...args);
  } finally {
    bus.settle();
  }
}, routeDescription(streamRoute)!);
