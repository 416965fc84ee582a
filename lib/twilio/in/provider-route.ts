import "server-only";
import { randomUUID } from "node:crypto";
import twilio from "twilio";
import { AppError } from "@/lib/errors/app-error";
import { readBodyText } from "@/lib/http/read-body";
import { unstorableText } from "@/lib/http/validation";
import { describeRoute, type ProviderCallbackDescription } from "@/lib/http/route-description";
import { routeTemplate } from "@/lib/http/route-template";
import { logger } from "@/lib/logger";
import { recordCallback, recordRequest } from "@/lib/metrics/metrics";
import { callbackOrganization, callbackUrl, type ProviderConfig } from "@/lib/twilio/provider-config";

// The wrapper every provider callback goes through. Before anything else it
// finds the organization the callback belongs to (none: 404) and checks
// X-Twilio-Signature against the public callback address (APP_URL or
// TUNNEL_URL, never the Host header) and that organization's signing key (the
// provider's auth token, else its generated secret): a missing or wrong
// signature is 403 and nothing runs. There is no unsigned mode. Answers are XML.

export interface CallbackContext {
  params: Record<string, string>;
  query: URLSearchParams;
  organizationId: number;
  config: ProviderConfig;
}

const XML = { "Content-Type": "text/xml; charset=utf-8" };
/** The largest callback body read; a longer one is refused (413). */
export const MAX_CALLBACK_BYTES = 64 * 1024;

export function xmlMessage(tag: "Error" | "Response", message?: string): string {
  const escaped = (message ?? "").replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?><${tag}>${message ? `<Message>${escaped}</Message>` : ""}</${tag}>`;
}

/** What the OpenAPI document says about every callback. */
const CALLBACK_DESCRIPTION: ProviderCallbackDescription = {
  description:
    "Called by the telephony provider, not by clients: a form-encoded body signed with X-Twilio-Signature (HMAC-SHA1 of the " +
    "public URL and the sorted parameters with the account's auth token). Answers TwiML.",
  headers: ["X-Twilio-Signature"],
  mediaType: "text/xml",
  responses: {
    "200": "TwiML",
    "403": "Signature missing or wrong",
    "400": "A parameter the callback needs is missing (MessageSid, From, a known MessageStatus)",
    "404": "No organization owns the called number",
    "409": "The CallSid or MessageSid belongs to another organization, or the call's state refuses what is asked",
    "413": "Body over 64 KB",
    "503": "The database is too busy; the provider retries",
  },
  maxBodyBytes: MAX_CALLBACK_BYTES,
  serverError: xmlMessage("Error", "Server error."),
};

export function providerRoute(handler: (ctx: CallbackContext) => Promise<string> | string) {
  // Every callback passes here, whether our server dispatched it past Next.js
  // or Next.js did (one sent with an Origin header): timed once, in both the
  // request metrics and the callbacks' own histogram.
  return describeRoute(
    async (request: Request): Promise<Response> => {
      const started = performance.now();
      const path = routeTemplate(request);
      const response = await answerCallback(handler, request);
      const seconds = (performance.now() - started) / 1000;
      recordRequest(path, "POST", response.status, seconds);
      recordCallback(path, response.status, seconds);
      return response;
    },
    { kind: "provider", callback: CALLBACK_DESCRIPTION },
  );
}

async function answerCallback(handler: (ctx: CallbackContext) => Promise<string> | string, request: Request): Promise<Response> {
  const requestId = randomUUID();
  try {
    const url = new URL(request.url);
    const params = Object.fromEntries(new URLSearchParams(await readBodyText(request, MAX_CALLBACK_BYTES)));
    // A NUL in a field (%00) cannot be looked up or stored: refused (400) before
    // the organization's look-up would send it to the database.
    const unstorable = unstorableText(params) ?? unstorableText(Object.fromEntries(url.searchParams));
    if (unstorable) throw new AppError("bad_request", `${unstorable.path} ${unstorable.reason}`);
    const config = await callbackOrganization(params, url.searchParams);
    if (!config) {
      logger.warn("provider callback for no organization", { path: url.pathname, request_id: requestId });
      return new Response(xmlMessage("Error", "No organization owns this number."), { status: 404, headers: XML });
    }
    const organizationId = config.organization_id;
    const signature = request.headers.get("x-twilio-signature");
    const publicUrl = callbackUrl(url.pathname + url.search);
    if (!config.signing_key || !signature || !twilio.validateRequest(config.signing_key, signature, publicUrl, params)) {
      logger.warn("provider signature refused", { path: url.pathname, organization_id: organizationId, request_id: requestId });
      return new Response(xmlMessage("Error", "Invalid signature."), { status: 403, headers: XML });
    }
    const twiml = await handler({ params, query: url.searchParams, organizationId, config });
    return new Response(twiml, { status: 200, headers: XML });
  } catch (error) {
    if (error instanceof AppError) return new Response(xmlMessage("Error", error.message), { status: error.status, headers: XML });
    logger.error("provider callback failed", { request_id: requestId, error: error instanceof Error ? error.stack : String(error) });
    return new Response(xmlMessage("Error", "Server error."), { status: 500, headers: XML });
  }
}
