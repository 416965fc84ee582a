import "server-only";
import { eventBus } from "@/lib/events/event-bus";
import { countQueuedJobs } from "@/lib/jobs/count-queued-jobs";
import { logger } from "@/lib/logger";
import { gaugeAtScrape } from "@/lib/metrics/metrics";
import { countWaitingCallers } from "@/lib/queue/count-waiting-callers";
import { countWebhookBacklog } from "@/lib/webhooks/count-webhook-backlog";
import { connectionUse } from "@/lib/db/database-facts";

// The gauges read when Prometheus scrapes GET /metrics, registered once at
// start-up (lib/startup.ts): the metrics module stands below the domains and
// names none of them; this is where the two meet. Each reading is one cheap
// statement (or none), and one that takes over 2 s keeps its last values.

const warn = (name: string) => (error: unknown) => logger.warn("metric not read", { metric: name, error: error instanceof Error ? error.message : String(error) });

export function registerScrapeGauges(): void {
  // The pools first: a scrape reads its gauges all at once, in this order, and
  // the statements of the ones below would otherwise count as waiting.
  gaugeAtScrape({
    name: "contact_center_db_pool_connections",
    help: "Database connections of this process's PostgreSQL pools (pool=main, unflushed), in use or idle",
    labelNames: ["pool", "state"],
    read: () =>
      connectionUse().flatMap((use) =>
        use.total === undefined
          ? []
          : [
              { labels: { pool: use.pool, state: "in_use" }, value: use.total - (use.idle ?? 0) },
              { labels: { pool: use.pool, state: "idle" }, value: use.idle ?? 0 },
            ],
      ),
  });
  gaugeAtScrape({
    name: "contact_center_db_pool_waiting",
    help:
      "Database work waiting for a connection: queries waiting for a pool connection on PostgreSQL; on the embedded database (pool=embedded) " +
      "requests' statements in line for, or on, its one connection",
    labelNames: ["pool"],
    read: () => connectionUse().map((use) => ({ labels: { pool: use.pool }, value: use.waiting })),
  });
  gaugeAtScrape({
    name: "contact_center_queue_waiting_callers",
    help: 'Callers waiting now, by organization id and queue (general or department-<id>); the 50 busiest queues, the rest as organization="other"',
    labelNames: ["organization", "queue"],
    read: async () => (await countWaitingCallers()).map((row) => ({ labels: { organization: row.organization, queue: row.queue }, value: row.waiting })),
    onError: warn("contact_center_queue_waiting_callers"),
  });
  gaugeAtScrape({
    name: "contact_center_event_streams_open",
    help: "Live event streams (GET /api/events) open on this server process",
    labelNames: [],
    read: () => [{ labels: {}, value: eventBus().size }],
  });
  gaugeAtScrape({
    name: "contact_center_webhook_backlog",
    help: "Webhook work not done yet: events in the outbox (stage=outbox) and deliveries pending or being sent (stage=delivery)",
    labelNames: ["stage"],
    read: async () => {
      const backlog = await countWebhookBacklog();
      return [
        { labels: { stage: "outbox" }, value: backlog.outbox },
        { labels: { stage: "delivery" }, value: backlog.deliveries },
      ];
    },
    onError: warn("contact_center_webhook_backlog"),
  });
  gaugeAtScrape({
    name: "contact_center_job_queue_depth",
    help: "Jobs of each pg-boss queue waiting to run (state=queued) and running (state=active)",
    labelNames: ["queue", "state"],
    read: async () =>
      (await countQueuedJobs()).flatMap((row) => [
        { labels: { queue: row.queue, state: "queued" }, value: row.queued },
        { labels: { queue: row.queue, state: "active" }, value: row.active },
      ]),
    onError: warn("contact_center_job_queue_depth"),
  });
}
