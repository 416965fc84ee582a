import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Voicemails of the queues the caller serves: open ones (new, claimed) oldest first, or status=done newest first`,
  },
};
