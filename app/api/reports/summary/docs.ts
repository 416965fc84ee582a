import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = { tag: "Reports", summary: { GET: "Call totals for a date range (format=csv for a spreadsheet)" } };
