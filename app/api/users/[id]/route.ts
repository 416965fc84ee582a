import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { idParams } from "@/lib/http/params";
import { route } from "@/lib/routes/route";
import { deactivateUser } from "@/lib/users/deactivate-user";
import { getUser } from "@/lib/users/get-user";
import { updateUserSchema, userAnswer, userWithSkillsAnswer } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/update-user";

export const GET = route({ permission: "users.read", params: idParams, answers: userWithSkillsAnswer }, ({ user, params }) => getUser({ actor: user, id: params.id }));

export const PATCH = route({ permission: "users.write", params: idParams, body: updateUserSchema, answers: userAnswer }, ({ user, params, body }) =>
  updateUser({ actor: user, id: params.id, input: body }),
);

export const DELETE = route({ permission: "users.write", params: idParams }, ({ user, params }) => deactivateUser({ actor: user, id: params.id }));

export const { POST, PUT, OPTIONS } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
