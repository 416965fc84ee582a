import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Service",
  ahead: "probe",
  summary: { GET: prose`Readiness for a load balancer: 200 when this server should get traffic, else 503 with the same body` },
  description: {
    GET: prose`\`{ status, checks: { database, migrations, workers } }\`, each check ok, pending (start-up has not got there) or
      failing. 200 with status ready when the database answers a SELECT 1 within 1.5 s (asked at every call), start-up
      applied every migration of this build, and pg-boss runs with this process's job workers registered. 503 with
      status starting (start-up not finished: answered at once, not held until it is), not_ready (the database does not
      answer, or pg-boss stopped) or stopping (SIGTERM received: the server drains for SHUTDOWN_DRAIN_SECONDS, then
      closes). Never cached.`,
  },
  responses: { GET: { "503": "Not ready: starting, a check failing, or shutting down (the same body)" } },
};
