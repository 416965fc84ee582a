import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { refusalReason } from "./sso-refusal";

/**
 * Where a provider's callback sends the browser: the page that spends the
 * ticket, or the sign-in page with the reason it failed. Always a 303 on our
 * own address: a callback never answers with a body a browser would show.
 */
export async function ssoLanding(finish: () => Promise<string>): Promise<Response> {
  const base = env().APP_URL;
  const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  try {
    const ticket = await finish();
    return redirect(`${base}/login/sso?ticket=${encodeURIComponent(ticket)}`);
  } catch (error) {
    const reason = refusalReason(error);
    if (!reason) logger.error("single sign-on failed", { error: (error as Error).message });
    return redirect(`${base}/login?sso_error=${reason ?? "invalid_answer"}`);
  }
}
