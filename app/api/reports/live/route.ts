import { route } from "@/lib/http/route";
import { liveReport } from "@/lib/reports/live-report";
import { liveQuerySchema } from "@/lib/reports/schemas";

export const GET = route({ permission: "reports.read", query: liveQuerySchema }, ({ user, query }) => liveReport({ actor: user, query }));
