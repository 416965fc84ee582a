import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: {
    POST: prose`A call's one recording is ready (the status callback of the recording started on the customer's leg at answer;
      ?call= names the call log): its sid, address and length land on that log, once`,
  },
};
