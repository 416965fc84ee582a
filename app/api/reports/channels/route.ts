import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { channelReport } from "@/lib/reports/channel-report";
import { channelAnswer } from "@/lib/reports/report-answers";
import { reportRoute } from "@/lib/routes/report-route";

export const GET = reportRoute("channels", channelAnswer, channelReport);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
