import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { agentReport } from "@/lib/reports/agent-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("agents", agentReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
