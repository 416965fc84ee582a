import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// Secrets at rest (provider auth tokens, API secrets): AES-256-GCM with the
// ENCRYPTION_KEY from the environment. Format: v1.<iv>.<tag>.<ciphertext>, base64url.

function key(): Buffer {
  const raw = env().ENCRYPTION_KEY;
  if (!raw) throw new Error("ENCRYPTION_KEY is not set: it is needed to store provider secrets.");
  return keyBytes(raw);
}

/** An ENCRYPTION_KEY as written (64 hex digits, or base64) → its 32 bytes. */
function keyBytes(raw: string): Buffer {
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (bytes.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes.");
  return bytes;
}

export function sealSecrets(secrets: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function openSecrets(sealed: string | null | undefined): Record<string, string> {
  if (!sealed) return {};
  return open(sealed, key());
}

/**
 * Whether `rawKey` (an ENCRYPTION_KEY as written) opens `sealed`: for a tool
 * that holds another server's key, not this process's (npm run db:move).
 */
export function keyOpens(sealed: string, rawKey: string): boolean {
  try {
    open(sealed, keyBytes(rawKey));
    return true;
  } catch {
    return false;
  }
}

function open(sealed: string, bytes: Buffer): Record<string, string> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1") throw new Error("Unknown secret format.");
  const decipher = createDecipheriv("aes-256-gcm", bytes, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8"));
}
