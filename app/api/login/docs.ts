import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: { POST: "Sign in with email and password; returns the user and an opaque bearer token" },
  responses: {
    POST: {
      "401": prose`The password is right and a second factor is needed: second_factor { challenge, setup_required, methods,
        expires_at }; finish with POST /api/login/second-factor`,
      "403": prose`The password is right but the organization signs in through single sign-on only (sso_required: true); its
        break-glass admin is the exception`,
      "422": "Wrong credentials (errors.email)",
      "429": prose`Too many attempts for this email or address (Retry-After); refused before the password is checked`,
      "503": "Too many sign-ins are being checked at once on this server (Retry-After)",
    },
  },
};
