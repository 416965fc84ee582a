import { jsonResponse } from "@/lib/http/json";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { checkReadiness } from "@/lib/metrics/readiness/check-readiness";
import { readinessSchema } from "@/lib/metrics/readiness/schemas";

// Readiness for load balancers: 200 when this server should get traffic, 503
// (same body) while it starts, loses its database or shuts down. Behind
// scripts/server.mjs the request reaches this handler past Next.js (ahead: "probe", lib/server/front-door.ts).
export const GET = route({ auth: false, answers: readinessSchema, alsoAnswers: { 503: readinessSchema } }, async () => {
  const readiness = await checkReadiness();
  return jsonResponse(readiness, readiness.status === "ready" ? 200 : 503, { "Cache-Control": "no-store" });
});

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
