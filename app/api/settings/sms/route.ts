import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { settingsRoutes } from "@/lib/routes/settings-route";

// Managers set quiet hours and the help text too (issue 19), not only admins;
// the WhatsApp sender and templates stay the admins' (issue 59: lib/settings/check-whatsapp-change.ts).
export const { GET, PUT } = settingsRoutes("sms", "sms.settings");

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
