import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Set up an authenticator app while signing in (second_factor.setup_required): the secret, the otpauth URI and its
      QR code`,
  },
  responses: {
    POST: {
      "401": "The challenge expired or was used: sign in again",
      "409": "This sign-in already has its authenticator, or the user has one set up",
    },
  },
};
