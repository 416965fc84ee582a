import { listCallLogs, listCallLogsQuery } from "@/lib/calls/list-call-logs";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "calls.read", query: listCallLogsQuery }, ({ user, query }) => listCallLogs({ actor: user, query }));
