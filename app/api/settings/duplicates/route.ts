import { settingsRoutes } from "@/lib/settings/settings-route";

export const { GET, PUT } = settingsRoutes("duplicates");
