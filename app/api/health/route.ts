import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

// Liveness for load balancers and the overhead benchmark: no auth, no database.
export const GET = route({ auth: false }, () => ({ status: "ok" }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
