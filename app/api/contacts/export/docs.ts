import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "Export all or the filtered contacts as CSV, XLSX or vCard (streamed; audited)" },
  description: { GET: "Takes every list filter. Cells that a spreadsheet would read as a formula are neutralized." },
};
