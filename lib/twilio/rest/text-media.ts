import "server-only";
import { env } from "@/lib/env";
import { providerConfig } from "@/lib/twilio/provider-config";

// A file someone sent with a message (issue 48): the provider's media address
// (https://api.twilio.com/2010-04-01/Accounts/AC…/Messages/MM…/Media/ME…),
// fetched with the account's credentials. Only that address of this account
// is ever fetched: a callback cannot make the service request a host of its
// choosing.

const MEDIA_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\/((?:MM|SM)[0-9a-fA-F]{32})\/Media\/(ME[0-9a-fA-F]{32})$/;

export async function textMedia(organizationId: number, url: string): Promise<Response | null> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return null;
  }
  const match = address.protocol === "https:" && address.hostname === "api.twilio.com" ? MEDIA_PATH.exec(address.pathname) : null;
  const config = await providerConfig(organizationId);
  if (!match || !config.account_sid || !config.auth_token || match[1] !== config.account_sid) return null;
  const base = (env().TWILIO_API_BASE_URL ?? "https://api.twilio.com").replace(/\/$/, "");
  return fetch(`${base}${address.pathname}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${config.account_sid}:${config.auth_token}`).toString("base64")}` },
    signal: AbortSignal.timeout(20_000),
  });
}
