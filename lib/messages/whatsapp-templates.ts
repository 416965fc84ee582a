import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { getSettings } from "@/lib/settings/get-settings";
import { templateVariables } from "@/lib/messages/whatsapp/whatsapp-schemas";

/** The organization's WhatsApp sender and approved templates, for whoever answers messages (settings are an admin's and manager's to read). */
export async function listWhatsappTemplates({ actor }: { actor: SessionUser }) {
  const { whatsapp } = await getSettings(actor.organization_id, "sms");
  return {
    enabled: whatsapp.sender !== null,
    sender: whatsapp.sender,
    data: whatsapp.templates.map((template) => ({ ...template, variables: templateVariables(template.body) })),
  };
}
