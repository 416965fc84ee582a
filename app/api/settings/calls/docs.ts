import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "How calls end (disposition_required)",
    PUT: prose`Change how calls end: disposition_required makes agents pick a disposition before leaving wrap-up`,
  },
};
