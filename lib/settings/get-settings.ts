import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { DEFAULT_SETTINGS } from "./defaults";
import { SETTINGS_SCHEMAS, type SettingsKey, type SettingsValue } from "./schemas";

/** An organization's settings of one kind, defaults filled in for anything unset. */
export async function getSettings<K extends SettingsKey>(organizationId: number, key: K, db: Tx = prisma): Promise<SettingsValue<K>> {
  const row = await db.setting.findUnique({ where: { organization_id_key: { organization_id: organizationId, key } }, select: { value: true } });
  const merged = { ...DEFAULT_SETTINGS[key], ...((row?.value as object) ?? {}) };
  const parsed = SETTINGS_SCHEMAS[key].safeParse(merged);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as SettingsValue<K>;
}
