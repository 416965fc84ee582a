import "server-only";
import { returnUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { revokeToken } from "@/lib/auth/tokens";

/**
 * A sign-out (API logout or the web's): the token stops working, and a call
 * the agent accepted but whose device never joined goes back to the queue.
 */
export async function signOut({ userId, tokenId }: { userId: number; tokenId: number }): Promise<void> {
  await revokeToken(tokenId);
  await returnUnconnectedCalls({ userId, reason: "signed_out" });
}
