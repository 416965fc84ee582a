import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: prose`Voicemails of the queues the caller serves: open ones (new, claimed) oldest first, or status=done newest first`,
  },
};
