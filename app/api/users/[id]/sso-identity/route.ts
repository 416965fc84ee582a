import { idParams } from "@/lib/http/params";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { ssoIdentityAnswer } from "@/lib/sign-in/sso/schemas";
import { getSsoIdentity, unlinkSsoIdentity } from "@/lib/sign-in/sso/sso-identity";

export const GET = route({ permission: "users.read", params: idParams, answers: ssoIdentityAnswer }, ({ user, params }) => getSsoIdentity({ actor: user, userId: params.id }));

export const DELETE = route({ permission: "users.write", params: idParams }, ({ user, params }) => unlinkSsoIdentity({ actor: user, userId: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "DELETE"]);
