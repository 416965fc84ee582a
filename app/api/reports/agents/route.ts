import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentReport } from "@/lib/reports/agent-report";
import { agentReportAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("agents", agentReportAnswer, agentReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
