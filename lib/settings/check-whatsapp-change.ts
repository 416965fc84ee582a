import "server-only";
import { isDeepStrictEqual } from "node:util";
import { can } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError } from "@/lib/errors/app-error";
import { refuseNumbersHeldByOthers } from "@/lib/telephony/owned-numbers";
import type { WhatsappSettings } from "@/lib/messages/whatsapp/whatsapp-schemas";
import { getSettings } from "./get-settings";

/**
 * May this save set these WhatsApp settings (issue 59)? The sender and its
 * templates are the account admin's (settings.manage), not everyone's who
 * sets texting (sms.settings): they are what goes out in the organization's
 * name and whose inbox its messages land in. A manager keeps quiet hours, the
 * help text and the texting numbers, and may send the WhatsApp settings back
 * as they are (a client that saves the whole object), not change them (403).
 * A sender another organization holds is 409 naming whatsapp.sender: this is
 * the look that gives the answer; the claim itself is the database's
 * (owned_numbers), so a save that raced another is refused all the same.
 */
export async function checkWhatsappChange(actor: SessionUser, whatsapp: WhatsappSettings | undefined): Promise<void> {
  if (whatsapp === undefined) return;
  if (!can(actor.role, "settings.manage") && !isDeepStrictEqual((await getSettings(actor.organization_id, "sms")).whatsapp, whatsapp)) {
    throw new AppError("forbidden", "The WhatsApp sender and its templates are set by an account admin; your role sets the texting numbers, the help text and quiet hours.");
  }
  if (whatsapp.sender) await refuseNumbersHeldByOthers(actor.organization_id, { "whatsapp.sender": [whatsapp.sender] });
}
