import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`The endpoint's latest 100 deliveries, newest first: event, status (pending, sending, delivered, failed), attempts,
      next try, response code, latency, error, payload`,
  },
};
