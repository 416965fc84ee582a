import { scimRoute } from "@/lib/users/scim/scim-route";
import { getScimUser } from "@/lib/users/scim/scim-users";
import { updateScimUser } from "@/lib/users/scim/update-scim-user";
import { deleteScimUser } from "@/lib/users/scim/delete-scim-user";
import { resourceId } from "@/lib/users/scim/scim-resources";

export const GET = scimRoute(async ({ actor, params }) => ({ body: await getScimUser({ actor, id: resourceId(params.id) }) }));
export const PUT = scimRoute(async ({ actor, params, body }) => ({ body: await updateScimUser({ actor, id: resourceId(params.id), replace: body }) }));
export const PATCH = scimRoute(async ({ actor, params, body }) => ({ body: await updateScimUser({ actor, id: resourceId(params.id), patch: body }) }));
export const DELETE = scimRoute(async ({ actor, params }) => {
  await deleteScimUser({ actor, id: resourceId(params.id) });
  return { status: 204 };
});
