import { listCallLogs, listCallLogsQuery } from "@/lib/calls/list-call-logs";
import { callLogPageAnswer } from "@/lib/calls/call-log-answer";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ permission: "calls.read", query: listCallLogsQuery, answers: callLogPageAnswer }, ({ user, query }) => listCallLogs({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
