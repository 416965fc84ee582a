import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { liveAnswer } from "@/lib/reports/live-answer";
import { liveReport } from "@/lib/reports/live-report";
import { liveQuerySchema } from "@/lib/reports/schemas";

export const GET = route({ permission: "reports.read", query: liveQuerySchema, answers: liveAnswer }, ({ user, query }) => liveReport({ actor: user, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
