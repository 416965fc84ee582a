import { createDepartment } from "@/lib/organizations/departments/create-department";
import { listDepartments } from "@/lib/organizations/departments/list-departments";
import { createDepartmentSchema, listDepartmentsQuery } from "@/lib/organizations/departments/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { departmentAnswer, departmentPageAnswer } from "@/lib/organizations/departments/department-answer";

export const GET = route({ permission: "departments.read", query: listDepartmentsQuery, answers: departmentPageAnswer }, ({ user, query }) => listDepartments({ actor: user, query }));

export const POST = route({ permission: "departments.write", body: createDepartmentSchema, status: 201, answers: departmentAnswer }, ({ user, body }) =>
  createDepartment({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
