import { revokeToken } from "@/lib/auth/tokens";
import { route } from "@/lib/http/route";

/** Revokes the token that made the request. */
export const POST = route({}, async ({ user }) => {
  await revokeToken(user.token_id);
  return { message: "Logged out." };
});
