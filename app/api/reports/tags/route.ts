import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { tagReport } from "@/lib/reports/grouped-reports";
import { tagReportAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("tags", tagReportAnswer, tagReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
