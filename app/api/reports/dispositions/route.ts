import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { dispositionReport } from "@/lib/reports/disposition-report";
import { dispositionReportAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("dispositions", dispositionReportAnswer, dispositionReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
