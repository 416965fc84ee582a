import { scimRoute } from "@/lib/users/scim/scim-route";
import { getScimGroup } from "@/lib/users/scim/scim-groups";
import { deleteScimGroup, updateScimGroup } from "@/lib/users/scim/save-scim-group";
import { resourceId } from "@/lib/users/scim/scim-resources";

export const GET = scimRoute(async ({ actor, params }) => ({ body: await getScimGroup({ actor, id: resourceId(params.id) }) }));
export const PUT = scimRoute(async ({ actor, params, body }) => ({ body: await updateScimGroup({ actor, id: resourceId(params.id), replace: body }) }));
export const PATCH = scimRoute(async ({ actor, params, body }) => ({ body: await updateScimGroup({ actor, id: resourceId(params.id), patch: body }) }));
export const DELETE = scimRoute(async ({ actor, params }) => {
  await deleteScimGroup({ actor, id: resourceId(params.id) });
  return { status: 204 };
});
