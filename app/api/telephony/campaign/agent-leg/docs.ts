import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: { POST: prose`A campaign call's agent answered (the Client's status callback): the leg hold and transfer move` },
};
