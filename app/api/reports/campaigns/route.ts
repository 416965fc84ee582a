import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { campaignReport } from "@/lib/reports/grouped-reports";
import { campaignReportAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("campaigns", campaignReportAnswer, campaignReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
