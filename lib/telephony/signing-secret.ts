import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { randomBytes } from "node:crypto";
import { openSecrets, sealSecrets } from "@/lib/crypto/secret-box";

// Every organization signs its provider callbacks from the day it exists. Until
// an admin enters the provider's auth token (or the environment gives one), the
// key is a secret of our own, generated here and stored encrypted in its own
// settings row: the simulator signs with it, and no callback is ever taken
// unsigned. One row per organization, written once (INSERT … ON CONFLICT DO
// NOTHING), so two processes creating it at once agree on the same secret.
// Through the Prisma client, so an organization created in a transaction gets
// its secret in the same one (the first-run setup).

export const SIGNING_SETTING_KEY = "callback_signing";

function newSealedSecret(): string {
  return sealSecrets({ signing_secret: randomBytes(32).toString("base64url") });
}

/** The organization's own signing secret, created on first use (in `db`'s transaction when it is one). */
export async function ensureSigningSecret(organizationId: number, db: Tx = prisma): Promise<string> {
  await runSql(db).count`
    INSERT INTO settings (organization_id, key, value, encrypted_secrets, updated_at)
    VALUES (${organizationId}, ${SIGNING_SETTING_KEY}, '{}'::jsonb, ${newSealedSecret()}, now()) ON CONFLICT (organization_id, key) DO NOTHING`;
  const [row] = await runSql(db, { secrets: true }).rows<{ encrypted_secrets: string | null }>`
    SELECT encrypted_secrets FROM settings WHERE organization_id = ${organizationId} AND key = ${SIGNING_SETTING_KEY}`;
  const secret = openSecrets(row?.encrypted_secrets).signing_secret;
  if (!secret) throw new Error(`Organization ${organizationId} has no callback signing secret.`);
  return secret;
}

/** At start-up: every organization without a signing secret gets one. */
export async function ensureAllSigningSecrets(): Promise<number> {
  const missing = await runSql().rows<{ id: number }>(
    `SELECT o.id FROM organizations o
     WHERE NOT EXISTS (SELECT 1 FROM settings s WHERE s.organization_id = o.id AND s.key = $1)`,
    [SIGNING_SETTING_KEY],
  );
  for (const { id } of missing) await ensureSigningSecret(id);
  return missing.length;
}

/** The stored secret, from the sealed column a query already read. */
export function signingSecretOf(sealed: string | null | undefined): string | null {
  return openSecrets(sealed).signing_secret ?? null;
}
