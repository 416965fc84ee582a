import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { resetUserTwoFactor } from "@/lib/sign-in/two-factor/reset-user-two-factor";

export const DELETE = route({ permission: "users.write", params: idParams }, ({ user, params }) => resetUserTwoFactor({ actor: user, userId: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["DELETE"]);
