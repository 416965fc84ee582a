import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Send a delivery again now (same webhook-id), whatever became of it; its 24 hours of retries start again`,
  },
};
