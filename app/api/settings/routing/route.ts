import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { routingSettingsSchema } from "@/lib/settings/routing-schemas";
import { updateRouting } from "@/lib/routing/update-routing";
import { getSettings } from "@/lib/settings/get-settings";

// Settings → Routing: hours, holidays, the caller menu and where each option leads (issue 23).
export const GET = route({ permission: "settings.manage", answers: routingSettingsSchema }, ({ user }) => getSettings(user.organization_id, "routing"));
export const PUT = route({ permission: "settings.manage", body: routingSettingsSchema, answers: routingSettingsSchema }, ({ user, body }) => updateRouting({ actor: user, input: body }));

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
