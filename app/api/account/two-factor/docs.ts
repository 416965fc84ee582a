import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`Your second factors: the authenticator app and passkeys (when added and last used), recovery codes left, whether
      your organization requires one`,
  },
};
