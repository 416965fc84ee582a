import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";

/**
 * Webhook work not done yet, for the metrics: events in the outbox not yet
 * turned into deliveries, and deliveries pending or being sent (the due
 * deliveries' partial index). One statement, read at every scrape.
 */
export async function countWebhookBacklog(): Promise<{ outbox: number; deliveries: number }> {
  const [row] = await rawQuery<{ outbox: number; deliveries: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_outbox) AS outbox,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status IN ('pending', 'sending')) AS deliveries`,
  );
  return row ?? { outbox: 0, deliveries: 0 };
}
