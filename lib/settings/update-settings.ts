import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { checkTextingNumbers } from "@/lib/telephony/owned-numbers";
import { checkWhatsappChange } from "./check-whatsapp-change";
import { forgetCallPathSettings, getSettings } from "./get-settings";
import type { SettingsKey, SettingsValue } from "./schemas";
import { runSql } from "@/lib/db/run-sql";
import { writeAuditLog } from "@/lib/audit/write-audit-log";

/**
 * Changes some settings of the caller's organization; the rest keep their
 * values. The change is merged into the stored object by the database itself,
 * so two admins saving different settings at once both keep theirs (read,
 * merge and write back in the process would let the later save undo the other).
 */
export async function updateSettings<K extends SettingsKey>({ actor, key, input }: { actor: SessionUser; key: K; input: Partial<SettingsValue<K>> }): Promise<SettingsValue<K>> {
  const sms = key === "sms" ? (input as Partial<SettingsValue<"sms">>) : null;
  if (sms) {
    await checkTextingNumbers(actor.organization_id, sms.sms_numbers ?? []);
    await checkWhatsappChange(actor, sms.whatsapp);
  }
  const change = JSON.stringify(input);
  try {
    await runSql(prisma).count`
      INSERT INTO settings (organization_id, key, value, updated_at) VALUES (${actor.organization_id}, ${key}, ${change}::jsonb, now())
      ON CONFLICT (organization_id, key) DO UPDATE SET value = settings.value || EXCLUDED.value, updated_at = now()`;
  } catch (error) {
    // Another organization claimed the WhatsApp sender since the look (owned_numbers' unique violation): name it.
    if (sms) await checkWhatsappChange(actor, sms.whatsapp);
    throw error;
  }
  forgetCallPathSettings(actor.organization_id, key);
  // Who may sign in how is the first thing a security review asks the history of (issue 46).
  if (key === "security") {
    await writeAuditLog(prisma, {
      organization_id: actor.organization_id,
      department_id: null,
      user_id: actor.id,
      action: "settings.security_changed",
      subject_type: "organization",
      subject_id: actor.organization_id,
      details: input as Record<string, unknown>,
    });
  }
  return getSettings(actor.organization_id, key);
}
