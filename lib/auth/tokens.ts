import "server-only";
import { publishSessionRevoked } from "@/lib/events/publish-event";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { createHash, randomBytes } from "node:crypto";
import { prisma, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { SessionUser } from "./session-user";

// Opaque bearer tokens. The client holds `<id>|<secret>`; the database holds
// only SHA-256(secret), so a leaked database cannot be replayed as tokens.

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Where a token was asked for: a browser's sign-in or an API login, from which browser and address (issue 46: sessions you can see). */
export interface TokenOrigin {
  kind: "web" | "api";
  userAgent: string | null;
  address: string | null;
}

export async function issueToken(userId: number, db: Tx = prisma, name = "api", origin?: TokenOrigin): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + env().TOKEN_TTL_DAYS * 86_400_000);
  const row = await db.apiToken.create({
    data: {
      user_id: userId,
      token_hash: hashToken(secret),
      name,
      expires_at: expiresAt,
      ...(origin && { kind: origin.kind, user_agent: origin.userAgent?.slice(0, 300) ?? null, address: origin.address?.slice(0, 64) ?? null }),
    },
    select: { id: true },
  });
  return `${row.id}|${secret}`;
}

const LAST_USED_RESOLUTION_MS = 5 * 60_000;

// Every authenticated request runs this, so it is plain SQL on the driver (no
// ORM query planning), and lookups that arrive together share one statement:
// when a floor of agents polls or reconnects at once, a burst of a hundred
// token checks is a handful of round trips, not a hundred. Nothing is cached:
// a revoked or expired token is refused by the very next request, whichever
// process it reaches.
const RESOLVE_SQL = prepared(`
  SELECT t.id AS token_id, t.token_hash, t.last_used_at,
         u.id, u.name, u.email, u.role, u.organization_id, u.department_id,
         u.active, u.max_conversations, u.last_login_at, u.created_at, u.updated_at,
         ARRAY(SELECT m.department_id FROM queue_members m WHERE m.user_id = u.id ORDER BY 1) AS queue_department_ids
  FROM api_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.id = ANY($1::int[]) AND t.revoked_at IS NULL
    AND t.expires_at > now() AND u.active`);

type ResolvedRow = SessionUser & { token_hash: string; last_used_at: Date | null };
interface Lookup {
  tokenId: number;
  resolve: (rows: ResolvedRow[]) => void;
  reject: (error: unknown) => void;
}

let batch: Lookup[] = [];

function lookUp(tokenId: number): Promise<ResolvedRow[]> {
  return new Promise((resolve, reject) => {
    batch.push({ tokenId, resolve, reject });
    // Everything that reaches this point in the same turn of the event loop goes together.
    if (batch.length === 1) setImmediate(sendBatch);
  });
}

function sendBatch(): void {
  const lookups = batch;
  batch = [];
  runSql("pool", { secrets: true })
    .rows<ResolvedRow>(RESOLVE_SQL, [[...new Set(lookups.map((lookup) => lookup.tokenId))]])
    .then(
      (rows) => lookups.forEach((lookup) => lookup.resolve(rows)),
      (error) => lookups.forEach((lookup) => lookup.reject(error)),
    );
}

/** The active user behind a user's bearer token, or null for anything not valid now (lib/sign-in/resolve-bearer.ts also reads integration keys). */
/** The id of the token a user's bearer names (not checked: for telling the caller's own session apart once the request is authenticated). */
export function bearerTokenId(bearer: string | null | undefined): number | null {
  const match = /^(?:Bearer )?(\d{1,9})\|/.exec(bearer ?? "");
  return match ? Number(match[1]) : null;
}

export async function resolveUserToken(bearer: string): Promise<SessionUser | null> {
  const match = /^(\d{1,9})\|([A-Za-z0-9_-]{20,100})$/.exec(bearer);
  if (!match) return null;
  const tokenId = Number(match[1]);
  const tokenHash = hashToken(match[2]);
  const row = (await lookUp(tokenId)).find((candidate) => candidate.token_id === tokenId && candidate.token_hash === tokenHash);
  if (!row) return null;
  // Keep last_used_at roughly current without a write on every request.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > LAST_USED_RESOLUTION_MS) noteTokenUse(tokenId);
  return sessionUser(row);
}

function sessionUser(row: ResolvedRow): SessionUser {
  const user: Partial<ResolvedRow> = { ...row };
  delete user.token_hash;
  delete user.last_used_at;
  return user as SessionUser;
}

// Uses are stamped in one statement a second, not one per token: when a floor
// of agents signs in together, a thousand single-row updates would compete
// with the requests themselves.
const usedTokens = new Set<number>();
let stampTimer: ReturnType<typeof setTimeout> | null = null;

function noteTokenUse(tokenId: number): void {
  usedTokens.add(tokenId);
  stampTimer ??= setTimeout(stampTokenUses, 1000).unref();
}

function stampTokenUses(): void {
  const ids = [...usedTokens];
  usedTokens.clear();
  stampTimer = null;
  runSql()
    .rows("UPDATE api_tokens SET last_used_at = now() WHERE id = ANY($1::int[])", [ids])
    .catch(() => {});
}

// A revoked token's live event streams close too, in every server process.
export async function revokeToken(tokenId: number): Promise<void> {
  await prisma.apiToken.updateMany({ where: { id: tokenId, revoked_at: null }, data: { revoked_at: new Date() } });
  await publishSessionRevoked({ tokenIds: [tokenId] });
}

export async function revokeUserTokens(userId: number, db: Tx = prisma): Promise<void> {
  await db.apiToken.updateMany({ where: { user_id: userId, revoked_at: null }, data: { revoked_at: new Date() } });
  await publishSessionRevoked({ userId }, db);
}
