import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A campaign call's recording is ready, for calls dialed with a recording of their own (before recordings were
      started at answer, reported at /api/telephony/recording)`,
  },
};
