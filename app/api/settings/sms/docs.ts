import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Settings",
  summary: {
    GET: "Text message settings: numbers, help text, quiet hours",
    PUT: "Change text message settings (managers and admins)",
  },
  description: {
    PUT: prose`sms_numbers: the organization's numbers that text, among its telephony numbers and caller ID (empty: all of them;
      422 for a number it does not hold, 409 for another organization's); help_text: the answer to HELP or INFO;
      quiet_hours \`{start, end}\` as HH:MM or null: no campaign text goes out in that window at the recipient's local
      time (from their number; else time_zone); whatsapp \`{ sender, templates }\`: the account admin's (a manager may
      send them back unchanged; changed, 403), the sender written any way (\`whatsapp:+14155550100\`, \`+1 415 555
      0100\`, \`14155550100\`) and kept in E.164, one organization's like any number (409 for another's).`,
  },
  responses: {
    PUT: {
      "403": "A manager changed the WhatsApp sender or templates",
      "409": "A texting number or the WhatsApp sender is another organization's",
    },
  },
};
