import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Place (\`{ on: true }\`) or release a legal hold on a call (admins): its recording is kept past the retention
      period until released`,
  },
  description: { POST: "Audited as legal_hold.placed / legal_hold.released." },
};
