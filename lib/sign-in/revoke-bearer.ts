import "server-only";
import { prisma } from "@/lib/db/client";
import { signOut } from "./sign-out";
import { hashToken } from "@/lib/auth/tokens";

/** Signs out a token given in its plain `<id>|<secret>` form (web sign-out). */
export async function revokeBearer(bearer: string): Promise<void> {
  const [id, secret] = bearer.split("|");
  if (!/^\d+$/.test(id ?? "") || !secret) return;
  const token = await prisma.apiToken.findFirst({ where: { id: Number(id), token_hash: hashToken(secret), revoked_at: null }, select: { id: true, user_id: true } });
  if (token) await signOut({ userId: token.user_id, tokenId: token.id });
}
