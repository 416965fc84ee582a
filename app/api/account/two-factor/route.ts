import { twoFactorStatus } from "@/lib/sign-in/two-factor/account-two-factor";
import { twoFactorStatusAnswer } from "@/lib/sign-in/two-factor/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const GET = route({ answers: twoFactorStatusAnswer }, ({ user }) => twoFactorStatus(user));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
