import { agentReport } from "@/lib/reports/agent-report";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("agents", agentReport);
