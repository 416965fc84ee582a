import { eventStreamRoute } from "@/lib/routes/event-stream-route";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";

// The live event stream. Behind scripts/server.mjs the request never reaches
// Next.js (the route table marks it ahead: "stream", lib/server/front-door.ts); under `next dev` it comes here.
export const GET = eventStreamRoute;

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
