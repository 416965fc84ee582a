import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Identity",
  summary: {
    GET: prose`Outgoing webhook endpoints with their last 24 hours (delivered, pending, failed); never a secret`,
    POST: "Register a webhook endpoint; its signing secret is in this answer only",
  },
  description: {
    POST: prose`\`{ url, events: [call.completed | call.missed | contact.created | contact.updated | contact.merged |
      message.received | message.status | campaign.completed | import.completed], description? }\`. The URL must be
      https on a public address (the spreadsheet links' private-address guard, checked again on the address connected to
      at every delivery). Each delivery is a JSON POST \`{ type, timestamp, data }\` signed as Standard Webhooks:
      headers \`webhook-id\` (the same on every try and on a replay), \`webhook-timestamp\`, \`webhook-signature\`
      (\`v1,\` + base64 HMAC-SHA256 over \`id.timestamp.body\` with the base64-decoded secret after \`whsec_\`). A
      delivery not answered 2xx within 10 s is tried again 5 s, 10 s, 20 s… (at most an hour) apart for 24 hours; an
      endpoint failing for 24 hours is disabled (audit log \`webhook.endpoint.disabled\`, shown in Settings →
      Integrations).`,
  },
};
