import { scimRoute } from "@/lib/scim/scim-route";
import { serviceProviderConfig } from "@/lib/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: serviceProviderConfig() }));
