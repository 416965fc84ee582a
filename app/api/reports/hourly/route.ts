import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { hourlyReport } from "@/lib/reports/time-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("hourly", hourlyReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
