import { revokeToken } from "@/lib/auth/tokens";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/http/route";

/** Revokes the token that made the request. */
export const POST = route({}, async ({ user }) => {
  await revokeToken(user.token_id);
  return { message: "Logged out." };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
