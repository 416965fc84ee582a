import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { settingsRoutes } from "@/lib/routes/settings-route";

export const { GET, PUT } = settingsRoutes("duplicates");

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
