import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { POST: "Create up to 10,000 contacts; each failure is reported by index" },
  description: {
    POST: prose`Answers 200 \`{ created, failed, errors: [{ index, errors }] }\`; valid items are stored even when others fail.
      Body limit 10 MB.`,
  },
};
