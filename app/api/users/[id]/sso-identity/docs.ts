import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "The identity a user's single sign-on is bound to (admins)",
    DELETE: prose`Unlink a user's single sign-on identity (admins): their next sign-in through the provider binds them again,
      for a person whose directory id changed (a re-hire, another NameID format)`,
  },
  description: { DELETE: "Audited as user.sso_unlinked, with the subject it held. A user bound to nothing: 204, nothing changes." },
};
