import "server-only";
import { managedUserScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { oneOf } from "@/lib/http/answer-schemas";
import { deviceName } from "./device-name";
import { SESSION_KINDS } from "./schemas";

const sessionSelect = { id: true, kind: true, user_agent: true, address: true, created_at: true, last_used_at: true, expires_at: true } as const;

/** A user's sessions now: tokens neither revoked nor expired, the latest first. */
async function openSessions(userId: number, currentTokenId: number | null) {
  const rows = await prisma.apiToken.findMany({
    where: { user_id: userId, revoked_at: null, expires_at: { gt: new Date() } },
    select: sessionSelect,
    orderBy: [{ last_used_at: { sort: "desc", nulls: "last" } }, { id: "desc" }],
  });
  return {
    data: rows.map((row) => ({
      ...row,
      kind: oneOf(SESSION_KINDS, row.kind, "api"),
      device: deviceName(row.user_agent),
      current: row.id === currentTokenId,
    })),
  };
}

/** The caller's own sessions, the one they are using marked. */
export function listSessions({ actor, currentTokenId }: { actor: SessionUser; currentTokenId: number | null }) {
  return openSessions(actor.id, currentTokenId);
}

/** An admin reads a user's sessions (a user of their organization; 404 otherwise). */
export async function listUserSessions({ actor, userId }: { actor: SessionUser; userId: number }) {
  const user = await prisma.user.findFirst({ where: { id: userId, ...managedUserScope(actor) }, select: { id: true } });
  if (!user) throw AppError.notFound();
  return openSessions(userId, null);
}
