import type { RouteDocs } from "@/lib/openapi/operation-group";
import { prose } from "@/lib/openapi/prose";

export const docs: RouteDocs = {
  tag: "Reports",
  summary: {
    GET: prose`Messages per channel (sms, whatsapp, web): sent, received, failed, opt-outs and the conversations they were in,
      over the range, in the conversations the caller may read`,
  },
};
