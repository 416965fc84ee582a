import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { metricsText } from "@/lib/metrics/metrics";
import { bearerMatches } from "@/lib/metrics/metrics-token";

// Prometheus metrics of this server process, for the scraper that holds
// METRICS_TOKEN (not a user's token: a monitoring system is no user). Without
// METRICS_TOKEN metrics are off and the path does not exist (404): a 401 would
// invite a token that nothing could accept.
export const GET = route({ auth: false }, async ({ request }) => {
  const token = env().METRICS_TOKEN;
  if (!token) throw AppError.notFound();
  if (!bearerMatches(request.headers.get("authorization"), token)) throw AppError.unauthenticated();
  const { text, contentType } = await metricsText();
  return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

export const dynamic = "force-dynamic";

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
