import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`Your open sessions: each browser sign-in and API login, with its device, address, when it began and was last used;
      the one you are using is \`current\``,
  },
};
