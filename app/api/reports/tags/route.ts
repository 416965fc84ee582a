import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { tagReport } from "@/lib/reports/grouped-reports";
import { reportRoute } from "@/lib/reports/report-route";

export const GET = reportRoute("tags", tagReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
