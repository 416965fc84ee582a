import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: { POST: "Status of a call's conference (joins, leaves; ?call= names the live call)" },
};
