import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { getOrganizationProfile, updateOrganizationProfile } from "@/lib/organizations/organization-profile";
import { organizationProfileAnswer, organizationProfileSchema } from "@/lib/organizations/schemas";

export const GET = route({ answers: organizationProfileAnswer }, ({ user }) => getOrganizationProfile({ actor: user }));

export const PATCH = route({ permission: "settings.manage", body: organizationProfileSchema, answers: organizationProfileAnswer }, ({ user, body }) =>
  updateOrganizationProfile({ actor: user, input: body }),
);

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed(["GET", "PATCH"]);
