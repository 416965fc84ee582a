import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    DELETE: prose`Reset a user's second factor (admins; a lost phone): where required, they set up a new one at their next sign-in`,
  },
  description: { DELETE: "Audited as user.two_factor_reset." },
};
