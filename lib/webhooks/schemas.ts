import { z } from "zod";

/** The events an endpoint may subscribe to (issue 24). */
export const WEBHOOK_EVENTS = ["call.completed", "call.missed", "contact.created", "contact.updated", "contact.merged", "message.received", "message.status", "campaign.completed", "import.completed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** POST /api/webhooks, shared by the route and Settings → Integrations. */
export const createWebhookSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).transform((events) => [...new Set(events)]),
  description: z.string().trim().max(200).nullable().default(null),
}).strict();
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
