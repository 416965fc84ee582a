import { campaignReport } from "@/lib/reports/grouped-reports";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("campaigns", campaignReport);
