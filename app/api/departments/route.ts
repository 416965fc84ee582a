import { createDepartment } from "@/lib/departments/create-department";
import { listDepartments } from "@/lib/departments/list-departments";
import { createDepartmentSchema, listDepartmentsQuery } from "@/lib/departments/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route({ permission: "departments.read", query: listDepartmentsQuery }, ({ user, query }) =>
  listDepartments({ actor: user, query }),
);

export const POST = route(
  { permission: "departments.write", body: createDepartmentSchema, status: 201 },
  ({ user, body }) => createDepartment({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
