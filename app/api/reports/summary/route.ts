import { summaryReport } from "@/lib/reports/summary-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("summary", summaryReport);
