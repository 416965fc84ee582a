import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "How calls end (disposition_required)",
    PUT: prose`Change how calls end: disposition_required makes agents pick a disposition before leaving wrap-up`,
  },
};
