import { signOut } from "@/lib/sign-in/sign-out";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { logoutAnswer } from "@/lib/sign-in/schemas";

/** Revokes the token that made the request. */
export const POST = route({ answers: logoutAnswer }, async ({ user }) => {
  await signOut({ userId: user.id, tokenId: user.token_id });
  return { message: "Logged out." };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
