import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`A sign-in that finishes with a passkey asks for its WebAuthn options (the user's passkeys and a challenge good for
      this sign-in); send the browser's answer as \`passkey\` to POST /api/login/second-factor`,
  },
  responses: { POST: { "401": "The challenge expired or was used: sign in again", "409": "The account has no passkey" } },
};
