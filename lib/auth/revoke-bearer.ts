import "server-only";
import { prisma } from "@/lib/db/client";
import { hashToken } from "./tokens";

/** Revokes a token given in its plain `<id>|<secret>` form (web sign-out). */
export async function revokeBearer(bearer: string): Promise<void> {
  const [id, secret] = bearer.split("|");
  if (!/^\d+$/.test(id ?? "") || !secret) return;
  await prisma.apiToken.updateMany({
    where: { id: Number(id), token_hash: hashToken(secret), revoked_at: null },
    data: { revoked_at: new Date() },
  });
}
