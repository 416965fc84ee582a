import "server-only";
import { route } from "@/lib/http/route";
import { eventStreamQuery, openEventStream } from "./event-stream";

// GET /api/events, defined once: app/api/events/route.ts exports it for
// Next.js, and our server calls the very same handler for the streams it
// serves itself (lib/events/serve-event-streams.ts). A bearer token, or the
// browser's web session (EventSource sends no headers).
export const eventStreamRoute = route({ webSession: true, query: eventStreamQuery }, ({ user, request, query }) => openEventStream({ user, request, query }));
