import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { z } from "zod";
import { route } from "@/lib/routes/route";

// Liveness for load balancers and the overhead benchmark: no auth, no database.
export const GET = route({ auth: false, answers: z.object({ status: z.literal("ok") }) }, () => ({ status: "ok" as const }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
