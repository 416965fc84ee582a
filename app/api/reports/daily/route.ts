import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { dailyReport } from "@/lib/reports/time-report";
import { dailyAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("daily", dailyAnswer, dailyReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
