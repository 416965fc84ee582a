import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "One user",
    PATCH: "Change a user's name, email, password, role, department or active flag",
    DELETE: "Deactivate a user and revoke their tokens",
  },
};
