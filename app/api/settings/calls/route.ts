import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { settingsRoutes } from "@/lib/routes/settings-route";

export const { GET, PUT } = settingsRoutes("calls");

export const { POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PUT"]);
