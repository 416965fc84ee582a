import { scimRoute } from "@/lib/users/scim/scim-route";
import { serviceProviderConfig } from "@/lib/users/scim/scim-discovery";

export const GET = scimRoute(async () => ({ body: serviceProviderConfig() }));
