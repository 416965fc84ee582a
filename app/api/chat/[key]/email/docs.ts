import type { RouteDocs } from "@/lib/routes/operation-group";
import { VISITOR_AUTH, VISITOR_REFUSALS } from "../visitor-docs";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Website chat",
  summary: { POST: prose`The visitor leaves an email to be answered later: kept with them, and said in their conversation` },
  description: {
    POST: VISITOR_AUTH,
  },
  responses: {
    POST: { ...VISITOR_REFUSALS, "429": "Too many messages (Retry-After)" },
  },
};
