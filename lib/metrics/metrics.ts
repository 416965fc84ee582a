import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import { RequestSeries } from "./request-series";
import { processSingleton } from "@/lib/process/process-registry";

// The Prometheus metrics of this process (GET /metrics). One registry per
// process, shared by every bundle Next.js builds (route handlers count
// requests, instrumentation registers the gauges read at scrape time) through
// a global, as lib/db/client.ts keeps the database. Label values are bounded:
// route templates (never raw paths), methods, statuses, queue names.

/** Request latency buckets, in seconds: a 5 ms answer to a 30 s export. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The provider waits about 15 s for a callback's answer; what matters is well below that. */
const CALLBACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

export interface Metrics {
  registry: Registry;
  requests: RequestSeries;
  callbacks: RequestSeries;
  eventsDelivered: Counter;
}

let mine: Metrics | undefined;

export function metrics(): Metrics {
  return (mine ??= processSingleton("metrics", createMetrics));
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestSeries(REQUEST_BUCKETS);
  registry.registerMetric(requests.histogram("http_request_duration_seconds", "Time to answer an HTTP request (to its first byte for an event stream), by route template, method and status") as never);
  registry.registerMetric(requests.counter("http_requests_total", "HTTP requests answered, by route template, method and status") as never);
  const callbacks = new RequestSeries(CALLBACK_BUCKETS);
  registry.registerMetric(callbacks.histogram("contact_center_provider_callback_duration_seconds", "Time to answer a telephony provider callback, by callback path and status") as never);
  const eventsDelivered = new Counter({ name: "contact_center_events_delivered_total", help: "Live events written to open event streams (one per event per stream)", registers: [registry] });
  return { registry, requests, callbacks, eventsDelivered };
}

/** Counts one answered HTTP request; `route` is its template (/api/contacts/[id]). */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  metrics().requests.record(route, method, status, seconds);
}

/** Counts one answered provider callback (its path has no parameters). */
export function recordCallback(path: string, status: number, seconds: number): void {
  metrics().callbacks.record(path, "POST", status, seconds);
}

export function recordEventsDelivered(count: number): void {
  metrics().eventsDelivered.inc(count);
}

/** How long a scrape-time reading may take before the gauge keeps its last value. */
export const SCRAPE_TIMEOUT_MS = 2000;

/**
 * A gauge read when Prometheus scrapes (waiting callers, backlogs, pool use):
 * `read` answers the current series, and the gauge is set to exactly them (a
 * queue that emptied drops out). A reading that fails or takes longer than
 * SCRAPE_TIMEOUT_MS leaves the last values and is logged by `onError`.
 * Registered once per process, by the composition root.
 */
export function gaugeAtScrape<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
  read: () => Promise<{ labels: Record<L, string>; value: number }[]> | { labels: Record<L, string>; value: number }[];
  onError?: (error: unknown) => void;
}): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(options.name)) return;
  new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [registry],
    async collect() {
      try {
        const rows = await withTimeout(Promise.resolve(options.read()), SCRAPE_TIMEOUT_MS);
        this.reset();
        for (const row of rows) this.set(row.labels, row.value);
      } catch (error) {
        options.onError?.(error);
      }
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The exposition text and its content type (text/plain; version=0.0.4). */
export async function metricsText(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
