import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: {
    POST: prose`Place (\`{ on: true }\`) or release a legal hold on a contact (admins): the recordings of all their calls are kept
      past the retention period until released`,
  },
  description: { POST: "Audited as legal_hold.placed / legal_hold.released." },
};
