import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";

/** The events an endpoint may subscribe to (issue 24). */
export const WEBHOOK_EVENTS = [
  "call.completed",
  "call.missed",
  "contact.created",
  "contact.updated",
  "contact.merged",
  "message.received",
  "message.status",
  "campaign.completed",
  "import.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** POST /api/webhooks, shared by the route and Settings → Integrations. */
export const createWebhookSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .max(WEBHOOK_EVENTS.length)
      .transform((events) => [...new Set(events)]),
    description: z.string().trim().max(200).nullable().default(null),
  })
  .strict();
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** An endpoint as GET /api/webhooks and the enabling answer show it (webhook-endpoints.ts); the secret never. */
export const webhookEndpointAnswer = z.object({
  id,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  failing_since: timestamp.nullable().meta({ description: "Deliveries have failed since then; after 24 hours the endpoint is disabled" }),
  disabled_at: timestamp.nullable(),
  disabled_reason: z.string().nullable(),
  created_at: timestamp,
});

export const webhookEndpointListAnswer = z.object({
  data: z.array(
    webhookEndpointAnswer.extend({
      last_24h: z
        .object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() })
        .meta({ description: "The endpoint's deliveries of the last day, by outcome (pending counts those being sent)" }),
    }),
  ),
});

/** 201: the endpoint and its signing secret, shown this once. */
export const createdWebhookEndpointAnswer = webhookEndpointAnswer.extend({
  secret: z.string().meta({ description: "whsec_…: the key of the webhook-signature HMAC; kept sealed and never shown again" }),
});

/** pending → sending → delivered, or back to pending for a retry; failed after 24 hours of trying. */
export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;

/** What GET /api/webhooks/{id}/deliveries answers: the endpoint's last 100 deliveries, newest first. */
export const webhookDeliveryListAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      event_type: z.enum(WEBHOOK_EVENTS),
      /** The webhook-id header: the same on every attempt and on a replay. */
      message_id: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      attempts: z.number().int(),
      /** When the next attempt is due; null once delivered or failed. */
      next_attempt_at: timestamp.nullable(),
      last_status_code: z.number().int().nullable(),
      last_error: z.string().nullable(),
      last_latency_ms: z.number().int().nullable(),
      delivered_at: timestamp.nullable(),
      created_at: timestamp,
      /** The JSON body sent: { type, timestamp, data }. */
      payload: z.unknown(),
    }),
  ),
});

/** A delivery queued to be sent again now. */
export const replayedDeliveryAnswer = z.object({ id, status: z.enum(DELIVERY_STATUSES) });
