import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    PATCH: "Change a widget (its sites apply within two seconds)",
    DELETE: "Remove a widget: its script stops working; its conversations stay",
  },
};
