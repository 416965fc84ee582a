import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "Tags with their contact counts in the caller's scope; the DNC tag is flagged" },
  description: {
    GET: prose`contact_count counts active contacts (archived ones are left out). Registered tags no active contact carries are
      listed with 0 until deleted.`,
  },
};
