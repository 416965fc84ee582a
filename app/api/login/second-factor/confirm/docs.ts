import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`The new authenticator's first code: it counts from now, the challenge is passed, and the ten recovery codes are
      answered this once`,
  },
  responses: {
    POST: {
      "401": "The challenge expired or was used: sign in again",
      "409": "This sign-in already has its authenticator",
      "422": "A wrong code (errors.code)",
      "429": "Too many attempts for this email or address (Retry-After)",
    },
  },
};
