import { hourlyReport } from "@/lib/reports/time-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("hourly", hourlyReport);
