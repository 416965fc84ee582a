import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { GET: "next-auth's web session endpoints (session, csrf, providers)", POST: "next-auth's web sign-in and sign-out" },
  description: {
    GET: "next-auth's own protocol for the browser pages; API clients use bearer tokens.",
    POST: prose`next-auth's own protocol for the browser pages; credentials are checked like POST /api/login.`,
  },
};
