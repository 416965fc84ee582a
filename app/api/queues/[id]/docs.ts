import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    GET: "One queue the caller serves",
    PATCH: prose`Change a queue's distribution and settings (admins; a department's manager for that department's queue)`,
  },
  description: {
    PATCH: prose`Any of \`{ distribution: pick | offer, offer_timeout_seconds: 5-120, wrap_up_seconds: 0-600 (0: the agent ends
      wrap-up), disposition_required, priority: 0-10, overflow: null | { after_seconds: 1-3600, to_queue_id },
      required_skills: [{ skill, min_level: 1-10 }] }\`; what is left out stays. An invalid value: 422 naming the field;
      nothing is saved. Audited as queue.updated.`,
  },
  responses: {
    PATCH: { "403": prose`A manager changing a queue that is not their department's (the general queue is the admins')` },
  },
};
