// The front end's login path: identical to POST /api/login.
export { POST } from "@/app/api/login/route";
