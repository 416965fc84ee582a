import { scimRoute } from "@/lib/users/scim/scim-route";
import { listScimGroups } from "@/lib/users/scim/scim-groups";
import { createScimGroup } from "@/lib/users/scim/save-scim-group";

// Groups are departments (SCIM 2.0, RFC 7644).
export const GET = scimRoute(async ({ actor, url }) => ({ body: await listScimGroups({ actor, url }) }));
export const POST = scimRoute(async ({ actor, body }) => {
  const group = await createScimGroup({ actor, resource: body });
  return { status: 201, body: group, location: group.meta.location };
});
