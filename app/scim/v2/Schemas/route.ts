import { scimRoute } from "@/lib/users/scim/scim-route";
import { scimSchemas } from "@/lib/users/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: scimSchemas() }));
