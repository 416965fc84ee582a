import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { SessionUser } from "./session-user";

// Opaque bearer tokens. The client holds `<id>|<secret>`; the database holds
// only SHA-256(secret), so a leaked database cannot be replayed as tokens.

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export async function issueToken(userId: number, db: Tx = prisma, name = "api"): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + env().TOKEN_TTL_DAYS * 86_400_000);
  const row = await db.apiToken.create({
    data: { user_id: userId, token_hash: hashToken(secret), name, expires_at: expiresAt },
    select: { id: true },
  });
  return `${row.id}|${secret}`;
}

const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/** The active user behind a bearer token, or null for anything not valid now. */
export async function resolveToken(bearer: string): Promise<SessionUser | null> {
  const match = /^(\d{1,10})\|([A-Za-z0-9_-]{20,100})$/.exec(bearer);
  if (!match) return null;
  const token = await prisma.apiToken.findFirst({
    where: {
      id: Number(match[1]),
      token_hash: hashToken(match[2]),
      revoked_at: null,
      expires_at: { gt: new Date() },
      user: { active: true },
    },
    select: {
      id: true,
      last_used_at: true,
      user: { select: { id: true, name: true, email: true, role: true, organization_id: true, department_id: true } },
    },
  });
  if (!token) return null;
  // Keep last_used_at roughly current without a write on every request.
  if (!token.last_used_at || Date.now() - token.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    void prisma.apiToken.update({ where: { id: token.id }, data: { last_used_at: new Date() } }).catch(() => {});
  }
  return { ...token.user, token_id: token.id };
}

export async function revokeToken(tokenId: number): Promise<void> {
  await prisma.apiToken.updateMany({ where: { id: tokenId, revoked_at: null }, data: { revoked_at: new Date() } });
}

export async function revokeUserTokens(userId: number, db: Tx = prisma): Promise<void> {
  await db.apiToken.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: new Date() } });
}
