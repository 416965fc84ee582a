import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { createUser } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";
import { createUserSchema, listUsersQuery, userAnswer, userPageAnswer } from "@/lib/users/schemas";

export const GET = route({ permission: "users.read", query: listUsersQuery, answers: userPageAnswer }, ({ user, query }) => listUsers({ actor: user, query }));

export const POST = route({ permission: "users.write", body: createUserSchema, status: 201, answers: userAnswer }, ({ user, body }) => createUser({ actor: user, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
