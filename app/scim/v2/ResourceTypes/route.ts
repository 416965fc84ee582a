import { scimRoute } from "@/lib/scim/scim-route";
import { resourceTypes } from "@/lib/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: resourceTypes() }));
