import "server-only";
import { runSql } from "@/lib/db/run-sql";

/**
 * Webhook work not done yet, for the metrics: events in the outbox not yet
 * turned into deliveries, and deliveries pending or being sent (the due
 * deliveries' partial index). One statement, read at every scrape.
 */
export async function countWebhookBacklog(): Promise<{ outbox: number; deliveries: number }> {
  const [row] = await runSql().rows<{ outbox: number; deliveries: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_outbox) AS outbox,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status IN ('pending', 'sending')) AS deliveries`,
  );
  return row ?? { outbox: 0, deliveries: 0 };
}
