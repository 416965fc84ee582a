import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { hourlyReport } from "@/lib/reports/time-report";
import { hourlyAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("hourly", hourlyAnswer, hourlyReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
