import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { keyOpens } from "@/lib/crypto/secret-box";
import type { Query } from "./describe-tables";

/**
 * The two secrets a server on the moved database must carry: ENCRYPTION_KEY
 * opens the provider secrets and webhook signing secrets sealed in the
 * database (lib/crypto/secret-box.ts); NEXTAUTH_SECRET signs the web sessions.
 * `npm start` keeps both in DATA_DIR/secrets.json for the embedded database;
 * a server started otherwise had them in its environment.
 */
export interface ServerSecrets {
  ENCRYPTION_KEY?: string;
  NEXTAUTH_SECRET?: string;
  /** Where each was found. */
  from: { ENCRYPTION_KEY?: string; NEXTAUTH_SECRET?: string };
}

export function readServerSecrets(dataDir: string, environment: NodeJS.ProcessEnv = process.env): ServerSecrets {
  const file = path.join(path.resolve(dataDir), "secrets.json");
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string | undefined>) : {};
  const secrets: ServerSecrets = { from: {} };
  for (const name of ["ENCRYPTION_KEY", "NEXTAUTH_SECRET"] as const) {
    const value = kept[name] || environment[name];
    if (!value) continue;
    secrets[name] = value;
    secrets.from[name] = kept[name] ? file : "the environment";
  }
  return secrets;
}

export interface SealedSecrets {
  /** How many sealed values the database holds. */
  count: number;
  /** Whether the key opens one of them (null: no key, or nothing sealed). */
  keyOpensThem: boolean | null;
}

/**
 * Whether the database holds sealed secrets, and whether `key` opens them: a
 * move printing a key that does not open them would leave the new servers
 * unable to reach the provider or to check callbacks' signatures.
 */
export async function checkSealedSecrets(query: Query, key: string | undefined): Promise<SealedSecrets> {
  const sealed = await query<{ value: string }>(
    `SELECT encrypted_secrets AS value FROM settings WHERE encrypted_secrets IS NOT NULL
     UNION ALL SELECT secret_sealed FROM webhook_endpoints`,
  );
  if (sealed.length === 0 || !key) return { count: sealed.length, keyOpensThem: null };
  return { count: sealed.length, keyOpensThem: keyOpens(sealed[0].value, key) };
}
