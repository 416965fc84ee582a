import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { getSettings } from "./get-settings";
import type { SettingsKey, SettingsValue } from "./schemas";

/** Changes some settings of the caller's organization; the rest keep their values. */
export async function updateSettings<K extends SettingsKey>({
  actor,
  key,
  input,
}: {
  actor: SessionUser;
  key: K;
  input: Partial<SettingsValue<K>>;
}): Promise<SettingsValue<K>> {
  const value = { ...(await getSettings(actor.organization_id, key)), ...input };
  await prisma.setting.upsert({
    where: { organization_id_key: { organization_id: actor.organization_id, key } },
    create: { organization_id: actor.organization_id, key, value },
    update: { value },
  });
  return value;
}
