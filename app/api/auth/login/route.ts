import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";

// The front end's login path: identical to POST /api/login.
export { POST } from "@/app/api/login/route";

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
