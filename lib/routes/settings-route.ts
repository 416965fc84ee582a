import "server-only";
import type { Permission } from "@/lib/auth/permissions";
import { route, type Answer } from "@/lib/routes/route";
import { getSettings } from "@/lib/settings/get-settings";
import { SETTINGS_SCHEMAS, settingsInputSchema, type SettingsKey } from "@/lib/settings/schemas";
import { updateSettings } from "@/lib/settings/update-settings";

/** GET and PUT handlers for one kind of organization settings (account_admin and above, unless named). */
export function settingsRoutes<K extends SettingsKey>(key: K, permission: Permission = "settings.manage") {
  return {
    // The answer is the stored settings, which the same schema validated; TypeScript cannot resolve Answer<R> for a generic key.
    GET: route({ permission, answers: SETTINGS_SCHEMAS[key] }, async ({ user }) => (await getSettings(user.organization_id, key)) as Answer<(typeof SETTINGS_SCHEMAS)[K]>),
    PUT: route(
      { permission, body: settingsInputSchema(key), answers: SETTINGS_SCHEMAS[key] },
      async ({ user, body }) => (await updateSettings({ actor: user, key, input: body as never })) as Answer<(typeof SETTINGS_SCHEMAS)[K]>,
    ),
  };
}
