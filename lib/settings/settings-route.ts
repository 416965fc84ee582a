import "server-only";
import type { Permission } from "@/lib/auth/permissions";
import { route } from "@/lib/http/route";
import { getSettings } from "./get-settings";
import { settingsInputSchema, type SettingsKey } from "./schemas";
import { updateSettings } from "./update-settings";

/** GET and PUT handlers for one kind of organization settings (account_admin and above, unless named). */
export function settingsRoutes<K extends SettingsKey>(key: K, permission: Permission = "settings.manage") {
  return {
    GET: route({ permission }, ({ user }) => getSettings(user.organization_id, key)),
    PUT: route({ permission, body: settingsInputSchema(key) }, ({ user, body }) =>
      updateSettings({ actor: user, key, input: body as never }),
    ),
  };
}
