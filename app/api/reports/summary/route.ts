import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { summaryReport } from "@/lib/reports/summary-report";
import { summaryAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("summary", summaryAnswer, summaryReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
