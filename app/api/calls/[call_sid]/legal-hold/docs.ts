import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Calls",
  summary: {
    POST: prose`Place (\`{ on: true }\`) or release a legal hold on a call (admins): its recording is kept past the retention
      period until released`,
  },
  description: { POST: "Audited as legal_hold.placed / legal_hold.released." },
};
