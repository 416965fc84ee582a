import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { resolveUserToken } from "@/lib/auth/tokens";
import { looksLikeIntegrationKey, resolveIntegrationKey } from "@/lib/sign-in/integrations/resolve-integration-key";

/** Who a bearer token acts for, or null for anything not valid now: a user's token, or an integration key (issue 24: the same header, its own table). */
export function resolveBearer(bearer: string): Promise<SessionUser | null> {
  return looksLikeIntegrationKey(bearer) ? resolveIntegrationKey(bearer) : resolveUserToken(bearer);
}
