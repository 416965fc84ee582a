import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { DELETE: "End one of your sessions (your current one too: that is signing out)" },
  description: { DELETE: "Another user's session, or one already ended: 404. Audited as session.ended." },
};
