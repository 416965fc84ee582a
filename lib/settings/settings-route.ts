import "server-only";
import { route } from "@/lib/http/route";
import { getSettings } from "./get-settings";
import { settingsInputSchema, type SettingsKey } from "./schemas";
import { updateSettings } from "./update-settings";

/** GET and PUT handlers for one kind of organization settings (account_admin and above). */
export function settingsRoutes<K extends SettingsKey>(key: K) {
  return {
    GET: route({ permission: "settings.manage" }, ({ user }) => getSettings(user.organization_id, key)),
    PUT: route({ permission: "settings.manage", body: settingsInputSchema(key) }, ({ user, body }) =>
      updateSettings({ actor: user, key, input: body as never }),
    ),
  };
}
