import type { EventType } from "@/lib/events/event-contract";
import type { WebhookEvent } from "./schemas";

// Which event sends which webhook. The rows are written by the database
// itself, in the transaction that inserts the event (the trigger
// queue_webhook_deliveries: a webhook is never lost to a crash between the
// change and its delivery row). This table is what that trigger says: its
// function is rendered from it (event-webhooks-sql.ts) into a migration, and
// event-webhooks.test.ts fails when the newest migration that defines the
// function says anything else. To change a mapping, change it here and add a
// migration with the rendered function.

export interface EventWebhook {
  event: EventType;
  webhook: WebhookEvent;
  /** Only when the event's data has these values (compared as text). */
  when?: Record<string, string>;
  /**
   * Sent once per value of this data field however often the event tells it
   * (a campaign's or an import's completion): the delivery row's dedupe key
   * decides before anything is sent.
   */
  oncePer?: string;
}

/** In order: an event sends the webhook of the first rule it matches, or none. */
export const EVENT_WEBHOOKS: readonly EventWebhook[] = [
  { event: "call.ended", when: { status: "completed" }, webhook: "call.completed" },
  { event: "call.ended", when: { direction: "inbound" }, webhook: "call.missed" },
  { event: "message.received", webhook: "message.received" },
  { event: "message.status", webhook: "message.status" },
  { event: "contact.created", webhook: "contact.created" },
  { event: "contact.updated", webhook: "contact.updated" },
  { event: "contact.merged", webhook: "contact.merged" },
  { event: "campaign.progress", when: { status: "completed" }, webhook: "campaign.completed", oncePer: "campaign_id" },
  { event: "import.progress", when: { status: "completed" }, webhook: "import.completed", oncePer: "import_id" },
];

/** The webhook an event sends (the rule it matches first), or null. */
export function webhookFor(type: string, data: Record<string, unknown>): EventWebhook | null {
  return EVENT_WEBHOOKS.find((rule) => rule.event === type && Object.entries(rule.when ?? {}).every(([field, value]) => data[field] != null && String(data[field]) === value)) ?? null;
}
