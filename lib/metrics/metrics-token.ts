import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether the Authorization header carries `Bearer <token>` for the metrics
 * token, compared in constant time (digests of equal length, whatever was sent).
 */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
