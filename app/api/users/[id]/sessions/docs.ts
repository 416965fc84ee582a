import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: "A user's open sessions (admins)",
    DELETE: prose`End every session of a user at once (admins): their pages sign out at their next request, their event streams
      close`,
  },
  description: { DELETE: "Answers how many were ended. Audited as user.sessions.ended." },
};
