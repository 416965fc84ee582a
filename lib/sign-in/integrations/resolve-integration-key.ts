import "server-only";
import { timingSafeEqual } from "node:crypto";
import { rolesWith, type KeyScopes } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { logger } from "@/lib/logger";
import { hashKeySecret, KEY_MAKER_PERMISSION } from "./integration-keys";

const KEY_PATTERN = /^cck_(\d{1,9})_([A-Za-z0-9_-]{43})$/;

export const looksLikeIntegrationKey = (bearer: string) => bearer.startsWith("cck_");

interface KeyRow {
  id: number;
  name: string;
  organization_id: number;
  key_hash: string;
  scopes: KeyScopes;
  created_by_user_id: number;
  created_at: Date;
}

/**
 * The actor behind an integration key, or null (unknown, revoked, expired, or
 * its maker's and they are no longer active or no longer hold the right to
 * make keys: a key outlives nobody's access, issue 59). An organization key
 * (organization_key, chosen when it was made) does not depend on its maker.
 * It acts as the organization (an admin's reach, never another
 * organization's), limited by its scopes in the route wrapper; records it
 * makes name the admin who created the key.
 */
export async function resolveIntegrationKey(bearer: string): Promise<SessionUser | null> {
  const match = KEY_PATTERN.exec(bearer);
  if (!match) return null;
  const [row] = await runSql("pool", { secrets: true }).rows<KeyRow>(
    `SELECT k.id, k.name, k.organization_id, k.key_hash, k.scopes, k.created_by_user_id, k.created_at
     FROM integration_keys k JOIN users u ON u.id = k.created_by_user_id
     WHERE k.id = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
       AND (k.organization_key OR (u.active AND u.scim_deleted_at IS NULL AND u.organization_id = k.organization_id AND u.role::text = ANY($2::text[])))`,
    [Number(match[1]), rolesWith(KEY_MAKER_PERMISSION)],
  );
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hashKeySecret(bearer)))) return null;
  return {
    id: row.created_by_user_id,
    name: `${row.name} (integration key)`,
    email: "",
    role: "account_admin",
    organization_id: row.organization_id,
    department_id: null,
    active: true,
    max_conversations: 0,
    last_login_at: null,
    created_at: row.created_at,
    updated_at: row.created_at,
    token_id: 0,
    queue_department_ids: [],
    integration_key: { id: row.id, name: row.name, scopes: row.scopes },
  };
}

/**
 * Every request made with a key is in the audit log (method, path, status),
 * under the key, so what a system did can be told from what people did; its
 * last use is stamped (to the minute). A failure here never fails the request.
 */
export async function noteKeyRequest(user: SessionUser, request: Request, status: number): Promise<void> {
  const key = user.integration_key;
  if (!key) return;
  try {
    const url = new URL(request.url);
    await writeAuditLog(prisma, {
      organization_id: user.organization_id,
      user_id: user.id,
      action: "integration_key.request",
      subject_type: "integration_key",
      subject_id: key.id,
      details: { integration_key: { id: key.id, name: key.name }, method: request.method, path: url.pathname, query: url.search || undefined, status },
    });
    await runSql().rows("UPDATE integration_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')", [key.id]);
  } catch (error) {
    logger.error("integration key request not recorded", { integration_key_id: key.id, error: error instanceof Error ? error.message : String(error) });
  }
}
