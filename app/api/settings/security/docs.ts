import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "How people sign in: two_factor_required (nobody, admins, managers, everyone)",
    PUT: "Change who must sign in with a second factor; audited as settings.security_changed",
  },
};
