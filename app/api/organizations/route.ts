import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { paginationSchema } from "@/lib/http/pagination";
import { route } from "@/lib/routes/route";
import { createdOrganizationAnswer, organizationPageAnswer } from "@/lib/organizations/organization-answer";
import { createOrganization } from "@/lib/organizations/create-organization";
import { listOrganizations } from "@/lib/organizations/list-organizations";
import { createOrganizationSchema } from "@/lib/organizations/schemas";

export const GET = route({ permission: "users.read", query: paginationSchema, answers: organizationPageAnswer }, ({ user, query }) => listOrganizations({ actor: user, query }));

export const POST = route({ permission: "organizations.write", body: createOrganizationSchema, status: 201, answers: createdOrganizationAnswer }, ({ body }) => createOrganization({ input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
