import { scimRoute } from "@/lib/users/scim/scim-route";
import { scimSchema } from "@/lib/users/scim/scim-discovery";
import { ScimFailure } from "@/lib/users/scim/scim-failure";

export const GET = scimRoute(async ({ params }) => {
  const schema = scimSchema(decodeURIComponent(params.id ?? ""));
  if (!schema) throw new ScimFailure(404, "No such schema.");
  return { body: schema };
});
