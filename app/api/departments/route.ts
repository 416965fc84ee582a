import { createDepartment } from "@/lib/departments/create-department";
import { listDepartments } from "@/lib/departments/list-departments";
import { createDepartmentSchema, listDepartmentsQuery } from "@/lib/departments/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/server/route";
import { departmentAnswer, departmentPageAnswer } from "@/lib/departments/department-answer";

export const GET = route({ permission: "departments.read", query: listDepartmentsQuery, answers: departmentPageAnswer }, ({ user, query }) => listDepartments({ actor: user, query }));

export const POST = route({ permission: "departments.write", body: createDepartmentSchema, status: 201, answers: departmentAnswer }, ({ user, body }) =>
  createDepartment({ actor: user, input: body }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
