import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Finish a sign-in that asked for a second factor: the challenge from POST /api/login's 401
      (second_factor.challenge) and a code from the authenticator app, a recovery code, or a passkey's answer; returns
      the user and a bearer token`,
  },
  description: {
    POST: prose`A user with a second factor, or whose organization requires one, gets no token from POST /api/login: it answers
      401 with second_factor { challenge, setup_required, methods, expires_at }. The challenge lives five minutes and
      takes five codes; each code also counts against the login limits. After setup (the confirm step below), send the
      challenge alone.`,
  },
  responses: {
    POST: {
      "401": "The challenge expired, was used, or took five wrong codes: sign in again",
      "422": "A wrong code (errors.code)",
      "429": "Too many attempts for this email or address (Retry-After)",
    },
  },
};
