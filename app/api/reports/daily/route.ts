import { dailyReport } from "@/lib/reports/time-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("daily", dailyReport);
