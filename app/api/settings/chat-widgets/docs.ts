import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "The organization's website chat widgets, each with the script tag to put on its sites",
    POST: prose`Add a widget: its name, the sites allowed to show it (origins), the department that answers it, a greeting`,
  },
};
