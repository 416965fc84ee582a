import { expect } from "vitest";
import { api, uniqueAddress, suiteUrl } from "./api";
import { followRedirects } from "./oidc-test-provider";

/**
 * A browser signing in with single sign-on through OpenID Connect: our start,
 * the provider's authorize and login, our callback. Where the trip ends (our
 * /login/sso with a ticket, or /login with ?sso_error), and the state cookie it holds.
 */
export async function ssoTrip(email: string, { stopAtCallback = false } = {}) {
  const baseUrl = suiteUrl();
  const address = uniqueAddress();
  const start = await api(baseUrl, address).request("POST", "/api/login/sso", { body: { email } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const cookies = new Map<string, string>();
  const [pair] = (start.headers.get("set-cookie") ?? "").split(";");
  cookies.set("cc_sso_state", pair.split("=")[1]);
  const ours = new URL(baseUrl);
  const { url } = await followRedirects(start.body.redirect_url, {
    cookies,
    address,
    stop: (next) => next.host === ours.host && (stopAtCallback ? next.pathname === "/api/sso/oidc/callback" : next.pathname.startsWith("/login")),
  });
  return { url, state: start.body.state as string, start: start.body, cookies, address };
}
