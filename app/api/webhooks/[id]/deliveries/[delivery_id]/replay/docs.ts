import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Send a delivery again now (same webhook-id), whatever became of it; its 24 hours of retries start again`,
  },
};
