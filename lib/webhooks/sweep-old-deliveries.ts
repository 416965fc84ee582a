import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";

// Delivery records are kept 30 days (the settings page shows the latest 100
// of an endpoint, replays reach back that far); a busy endpoint writes
// thousands a minute, so older finished ones go, in bounded statements that
// never hold a long lock. Pending ones are never swept: their 24 hours decide.

const KEEP_DAYS = 30;
const BATCH = 10_000;
const EVERY_MS = 60 * 60 * 1000;

/** Deletes finished deliveries older than KEEP_DAYS; answers how many went. */
export async function sweepOldDeliveries(): Promise<number> {
  let removed = 0;
  for (;;) {
    const gone = await runSql().rows<{ id: string }>(
      // Endpoint by endpoint, so the (endpoint_id, created_at) index finds them: no scan of the whole table.
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT d.id FROM webhook_endpoints e CROSS JOIN LATERAL (
           SELECT id FROM webhook_deliveries
           WHERE endpoint_id = e.id AND created_at < now() - make_interval(days => $1) AND status IN ('delivered', 'failed') LIMIT $2) d
         LIMIT $2)
       RETURNING id`,
      [KEEP_DAYS, BATCH],
    );
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}

/** Every process sweeps at start and hourly; the statements are cheap when there is nothing to do. */
export function scheduleDeliverySweep(): void {
  const sweep = () =>
    void sweepOldDeliveries()
      .then((removed) => removed && logger.info("old webhook deliveries removed", { removed }))
      .catch((error) => logger.error("webhook delivery sweep failed", { error: error instanceof Error ? error.message : String(error) }));
  sweep();
  setInterval(sweep, EVERY_MS).unref();
}
