import { scimRoute } from "@/lib/users/scim/scim-route";
import { listScimUsers } from "@/lib/users/scim/scim-users";
import { provisionScimUser } from "@/lib/users/scim/provision-scim-user";

// SCIM 2.0 provisioning (RFC 7644): an integration key with the scim scope.
export const GET = scimRoute(async ({ actor, url }) => ({ body: await listScimUsers({ actor, url }) }));
export const POST = scimRoute(async ({ actor, body }) => {
  const user = await provisionScimUser({ actor, resource: body });
  return { status: 201, body: user, location: user.meta.location };
});
