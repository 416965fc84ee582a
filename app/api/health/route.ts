import { route } from "@/lib/http/route";

// Liveness for load balancers and the overhead benchmark: no auth, no database.
export const GET = route({ auth: false }, () => ({ status: "ok" }));
