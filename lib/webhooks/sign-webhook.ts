import { createHmac, randomBytes } from "node:crypto";

// The Standard Webhooks scheme (standardwebhooks.com): the secret is
// "whsec_" + base64 of random bytes; the signature is "v1," + base64 of
// HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" keyed with the
// decoded secret.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function webhookHeaders({ secret, messageId, timestamp, body }: { secret: string; messageId: string; timestamp: number; body: string }): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": messageId, "webhook-timestamp": String(timestamp), "webhook-signature": `v1,${signature}` };
}
