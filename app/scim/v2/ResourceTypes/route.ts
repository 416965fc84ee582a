import { scimRoute } from "@/lib/users/scim/scim-route";
import { resourceTypes } from "@/lib/users/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: resourceTypes() }));
