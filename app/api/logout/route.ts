import { signOut } from "@/lib/auth/sign-out";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";
import { logoutAnswer } from "@/lib/auth/schemas";

/** Revokes the token that made the request. */
export const POST = route({ answers: logoutAnswer }, async ({ user }) => {
  await signOut({ userId: user.id, tokenId: user.token_id });
  return { message: "Logged out." };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
