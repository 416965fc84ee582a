import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Start proving it is you with a passkey: the WebAuthn request options for navigator.credentials.get (good for two
      minutes, on this session)`,
  },
  responses: { POST: { "409": "You have no passkey" } },
};
