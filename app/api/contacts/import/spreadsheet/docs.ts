import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Imports",
  summary: { POST: "Import a published spreadsheet by its URL" },
  description: { POST: "Only public https addresses are fetched (no private, loopback or link-local hosts)." },
};
