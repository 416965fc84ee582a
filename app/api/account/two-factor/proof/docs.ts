import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    POST: prose`Prove it is you before changing a second factor: a current code or recovery code, a passkey's answer, or your
      password while you have no factor; good for five minutes on this session`,
  },
  description: {
    POST: prose`Each attempt counts against the sign-in limits. A password does not stand in for a factor the user has.`,
  },
  responses: {
    POST: {
      "422": "The code, passkey or password was not right (errors names which)",
      "429": "Too many attempts (Retry-After)",
    },
  },
};
