import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { settingsRoutes } from "@/lib/server/settings-route";

// Managers set quiet hours and the help text too (issue 19), not only admins.
export const { GET, PUT } = settingsRoutes("sms", "sms.settings");

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
