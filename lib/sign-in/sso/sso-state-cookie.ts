import { env } from "@/lib/env";

/** The browser's copy of its single sign-on's state: only it may spend the ticket the sign-in earns. */
export const SSO_STATE_COOKIE = "cc_sso_state";

/** Set-Cookie for a sign-in's state: HttpOnly, this site only (Lax: the provider's redirect back is a top-level navigation), ten minutes. */
export function ssoStateCookie(state: string): string {
  const secure = env().APP_URL.startsWith("https:") ? "; Secure" : "";
  return `${SSO_STATE_COOKIE}=${encodeURIComponent(state)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600${secure}`;
}
