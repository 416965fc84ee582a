import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`Your open sessions: each browser sign-in and API login, with its device, address, when it began and was last used;
      the one you are using is \`current\``,
  },
};
