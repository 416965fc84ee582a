import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Reports",
  summary: {
    GET: prose`Messages per channel (sms, whatsapp, web): sent, received, failed, opt-outs and the conversations they were in,
      over the range, in the conversations the caller may read`,
  },
};
