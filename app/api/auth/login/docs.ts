import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { POST: "Same as POST /api/login (the front end's path)" },
  responses: {
    POST: {
      "422": "Wrong credentials (errors.email)",
      "429": "Too many attempts (Retry-After)",
      "503": "Too many sign-ins are being checked at once (Retry-After)",
    },
  },
};
