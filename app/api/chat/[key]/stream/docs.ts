import type { RouteDocs } from "@/lib/routes/operation-group";
import { VISITOR_STREAM_AUTH, VISITOR_REFUSALS } from "../visitor-docs";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Website chat",
  file: { GET: "text/event-stream" },
  summary: {
    GET: prose`The visitor's answers as they come: server-sent events (\`event: message\`, the line as data, its id as the
      event's id), resumed after Last-Event-ID or ?last_id=`,
  },
  description: {
    GET: VISITOR_STREAM_AUTH,
  },
  responses: {
    GET: VISITOR_REFUSALS,
  },
};
