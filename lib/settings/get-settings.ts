import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { DEFAULT_SETTINGS } from "./defaults";
import { SETTINGS_SCHEMAS, type SettingsKey, type SettingsValue } from "./schemas";
import { processSingleton } from "@/lib/process/process-registry";

/** An organization's settings of one kind, defaults filled in for anything unset. */
export async function getSettings<K extends SettingsKey>(organizationId: number, key: K, db: Tx = prisma): Promise<SettingsValue<K>> {
  const row = await db.setting.findUnique({ where: { organization_id_key: { organization_id: organizationId, key } }, select: { value: true } });
  return settingsFrom(key, row?.value);
}

/** A settings row's stored value (or none) as its kind: defaults filled in, and the defaults whole when what is stored no longer parses. */
export function settingsFrom<K extends SettingsKey>(key: K, stored: unknown): SettingsValue<K> {
  const merged = { ...DEFAULT_SETTINGS[key], ...((stored as object | null) ?? {}) };
  const parsed = SETTINGS_SCHEMAS[key].safeParse(merged);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as SettingsValue<K>;
}

// The call path (routing, the hold loop) reads the same few settings for
// every webhook, hundreds a second in a burst of calls. Each process
// remembers them for a second; its own writes (updateSettings) forget them at
// once, so a change applies to the next call here and within a second on
// another server. In the process registry: the routes that write and the ones that read
// may be bundled apart, each with its own copy of this module.
const REMEMBER_MS = 1000;
const remembered = processSingleton("call-path-settings", () => new Map<string, { at: number; value: Promise<unknown> }>());

/** getSettings for the call path: the same answer, at most a second old. */
export function callPathSettings<K extends SettingsKey>(organizationId: number, key: K): Promise<SettingsValue<K>> {
  const id = `${organizationId}:${key}`;
  const hit = remembered.get(id);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.value as Promise<SettingsValue<K>>;
  const value = getSettings(organizationId, key);
  remembered.set(id, { at: Date.now(), value });
  value.catch(() => remembered.delete(id));
  return value;
}

/** This process changed an organization's settings: the call path reads them afresh. */
export function forgetCallPathSettings(organizationId: number, key: SettingsKey): void {
  remembered.delete(`${organizationId}:${key}`);
}
