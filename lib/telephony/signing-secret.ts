import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import { randomBytes } from "node:crypto";
import { openSecrets, sealSecrets } from "@/lib/crypto/secret-box";

// Every organization signs its provider callbacks from the day it exists. Until
// an admin enters the provider's auth token (or the environment gives one), the
// key is a secret of our own, generated here and stored encrypted in its own
// settings row: the simulator signs with it, and no callback is ever taken
// unsigned. One row per organization, written once (INSERT … ON CONFLICT DO
// NOTHING), so two processes creating it at once agree on the same secret.

export const SIGNING_SETTING_KEY = "callback_signing";

function newSealedSecret(): string {
  return sealSecrets({ signing_secret: randomBytes(32).toString("base64url") });
}

/** The organization's own signing secret, created on first use. */
export async function ensureSigningSecret(organizationId: number): Promise<string> {
  await rawQuery(
    `INSERT INTO settings (organization_id, key, value, encrypted_secrets, updated_at)
     VALUES ($1, $2, '{}'::jsonb, $3, now()) ON CONFLICT (organization_id, key) DO NOTHING`,
    [organizationId, SIGNING_SETTING_KEY, newSealedSecret()], { secrets: true },
  );
  const [row] = await rawQuery<{ encrypted_secrets: string | null }>(
    `SELECT encrypted_secrets FROM settings WHERE organization_id = $1 AND key = $2`,
    [organizationId, SIGNING_SETTING_KEY], { secrets: true },
  );
  const secret = openSecrets(row?.encrypted_secrets).signing_secret;
  if (!secret) throw new Error(`Organization ${organizationId} has no callback signing secret.`);
  return secret;
}

/** At start-up: every organization without a signing secret gets one. */
export async function ensureAllSigningSecrets(): Promise<number> {
  const missing = await rawQuery<{ id: number }>(
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
