import "server-only";
import twilio from "twilio";
import { env } from "@/lib/env";
import type { ProviderConfig } from "./provider-config";

/**
 * The provider's REST client for an organization. TWILIO_API_BASE_URL (from
 * the environment only, never from a request) sends its requests to another
 * address: the tests' fake provider, or a recording proxy.
 */
export function providerRestClient(config: ProviderConfig) {
  if (!config.account_sid || !config.auth_token) return null;
  const base = env().TWILIO_API_BASE_URL;
  if (!base) return twilio(config.account_sid, config.auth_token);
  class RedirectingClient extends twilio.RequestClient {
    request<TData>(opts: Parameters<twilio.RequestClient["request"]>[0]) {
      const redirected = { ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, base!.replace(/\/$/, "")) };
      return super.request<TData>(redirected as Parameters<twilio.RequestClient["request"]>[0] & { data?: TData });
    }
  }
  return twilio(config.account_sid, config.auth_token, { httpClient: new RedirectingClient() });
}
