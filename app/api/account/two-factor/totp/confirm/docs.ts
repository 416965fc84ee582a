import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`The new authenticator's first code: it counts from now; the ten recovery codes are answered this once`,
  },
  responses: { POST: { "429": "Too many attempts (Retry-After)" } },
};
