import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import type { KeyScopes, Permission } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { z } from "zod";
import type { CreateIntegrationKeyInput, integrationKeyAnswer } from "./schemas";

// Integration keys (issue 24): an admin makes one per system. The secret is
// shown once, in the answer that creates it; only its SHA-256 is kept. A key
// is revoked, never edited (make a new one to change its scopes). It is its
// maker's unless made as the organization's (issue 59): theirs stops working
// when they are deactivated or can no longer make keys.

/** The permission that makes keys (the routes ask it); a key of someone who loses it stops working (resolve-integration-key.ts). */
export const KEY_MAKER_PERMISSION = "integrations.manage" satisfies Permission;

const SELECT = {
  id: true,
  name: true,
  scopes: true,
  organization_key: true,
  expires_at: true,
  revoked_at: true,
  last_used_at: true,
  created_at: true,
  created_by: { select: { id: true, name: true } },
} as const;
type Row = Awaited<ReturnType<typeof prisma.integrationKey.findFirstOrThrow<{ select: typeof SELECT }>>>;

function serialize(row: Row): z.output<typeof integrationKeyAnswer> {
  const expired = row.expires_at !== null && row.expires_at.getTime() <= Date.now();
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as KeyScopes,
    organization_key: row.organization_key,
    status: row.revoked_at ? "revoked" : expired ? "expired" : "active",
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

export const hashKeySecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** POST /api/integration-keys: 201 with the key and, once, its secret (`cck_<id>_<random>`). */
export async function createIntegrationKey({ actor, input }: { actor: SessionUser; input: CreateIntegrationKeyInput }) {
  const random = randomBytes(32).toString("base64url");
  return prisma.$transaction(async (tx) => {
    // The id is part of the secret, so the row is made first and its hash set once the id is known.
    const created = await tx.integrationKey.create({
      data: {
        organization_id: actor.organization_id,
        name: input.name,
        key_hash: hashKeySecret(`pending_${random}`),
        scopes: input.scopes,
        organization_key: input.organization_key,
        expires_at: input.expires_at ? new Date(input.expires_at) : null,
        created_by_user_id: actor.id,
      },
      select: { id: true },
    });
    const secret = `cck_${created.id}_${random}`;
    const row = await tx.integrationKey.update({ where: { id: created.id }, data: { key_hash: hashKeySecret(secret) }, select: SELECT });
    await writeAuditLog(tx, {
      organization_id: actor.organization_id,
      user_id: actor.id,
      action: "integration_key.created",
      subject_type: "integration_key",
      subject_id: row.id,
      details: { name: row.name, scopes: input.scopes, organization_key: input.organization_key, expires_at: input.expires_at },
    });
    return { ...serialize(row), secret };
  });
}

/** GET /api/integration-keys: the organization's keys, newest first, with their last use (never a secret or hash). */
export async function listIntegrationKeys({ actor }: { actor: SessionUser }) {
  const rows = await prisma.integrationKey.findMany({ where: { organization_id: actor.organization_id }, orderBy: { id: "desc" }, select: SELECT });
  return { data: rows.map(serialize) };
}

/** DELETE /api/integration-keys/{id}: revoked at once (its next request is 401); revoking again changes nothing. */
export async function revokeIntegrationKey({ actor, id }: { actor: SessionUser; id: number }) {
  return prisma.$transaction(async (tx) => {
    const key = await tx.integrationKey.findFirst({ where: { id, organization_id: actor.organization_id }, select: { id: true, revoked_at: true } });
    if (!key) throw AppError.notFound();
    if (!key.revoked_at) {
      await tx.integrationKey.update({ where: { id }, data: { revoked_at: new Date() } });
      await writeAuditLog(tx, { organization_id: actor.organization_id, user_id: actor.id, action: "integration_key.revoked", subject_type: "integration_key", subject_id: id });
    }
    return serialize(await tx.integrationKey.findFirstOrThrow({ where: { id }, select: SELECT }));
  });
}
