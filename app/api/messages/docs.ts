import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  summary: { POST: "Send a text message (SMS or WhatsApp) to a contact or a number" },
  description: {
    POST: prose`\`{ contact_id | to, body, media_urls?, template_id?, campaign_id?, channel?, content_sid?, content_variables?
      }\`. \`channel: whatsapp\` sends from the organization's WhatsApp sender (409 when none is set): free-form for 24
      hours after the person's last WhatsApp message, otherwise only an approved template, \`content_sid\` (one of GET
      /api/whatsapp/templates) with its \`content_variables\` ({ "1": "Dora" }); a free-form message outside the window
      is 422. STOP on WhatsApp stops WhatsApp only. The body is at most 1,600 characters; the answer's \`encoding\`
      (GSM-7 or UCS-2) and \`segments\` are counted like the provider does. \`template_id\` sends a saved reply with its
      {{placeholders}} filled from the contact. Media must be https on a public address. 201: the provider accepted it
      (status queued); a campaign's text (campaign_id) during the recipient's quiet hours is answered 201 with status
      held and \`send_after\`, and goes out when they end; an agent's own reply goes at any hour. Texting an agent's
      reply to an unassigned conversation assigns it to that agent.`,
  },
  responses: {
    POST: {
      "409": prose`The number opted out of texts (reason sms_opt_out, with opted_out_at and evidence_message_id), the contact opted
        out of contact (opted_out) or is tagged DNC (dnc), or the organization has no number`,
      "502": prose`The provider refused the message: its reason, \`error_code\`, and the stored message (status failed) in \`data\``,
    },
  },
};
