import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: {
    GET: prose`The organization's WhatsApp sender and approved content templates (Settings → Telephony), each with the numbers of
      its variables: outside the 24-hour window a WhatsApp conversation is answered with one (POST /api/messages with
      content_sid and content_variables)`,
  },
};
