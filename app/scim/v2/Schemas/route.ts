import { scimRoute } from "@/lib/scim/scim-route";
import { scimSchemas } from "@/lib/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: scimSchemas() }));
