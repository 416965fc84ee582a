import { describe, expect, inject, it } from "vitest";
import { api, suiteUrl } from "../support/api";
import { makeContact } from "../support/contacts";
import { subscribe } from "../support/event-stream";
import { createTenant } from "../support/factories";
import { find, parseExposition, scrape, valueOf } from "../support/prometheus";
import { giveNumber, provider } from "../support/provider";
import { TEST_METRICS_TOKEN } from "../support/server.mjs";

// GET /metrics (issue 41, point 4): Prometheus' text format, for the holder
// of METRICS_TOKEN only, with the series an operator alerts on. Test files
// run in parallel against one server: growth is exact only where no other
// file goes (GET /api/health); elsewhere it is at least what this test did.

const baseUrl = suiteUrl();
const onPostgres = inject("databaseUrl") !== "";

describe("GET /metrics", () => {
  it("answers only the metrics token (401 without it, with another, or with a user's token), in the text format 0.0.4", async () => {
    const tenant = await createTenant();
    const without = await fetch(`${baseUrl}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ message: "Unauthenticated." });
    for (const authorization of [`Bearer ${TEST_METRICS_TOKEN}x`, "Bearer wrong", `Bearer ${tenant.admin.token}`, TEST_METRICS_TOKEN, `Basic ${TEST_METRICS_TOKEN}`]) {
      expect((await fetch(`${baseUrl}/metrics`, { headers: { Authorization: authorization } })).status, authorization).toBe(401);
    }

    const response = await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const exposition = parseExposition(await response.text());
    // Every family is introduced by its HELP and TYPE; the process's own metrics are there.
    for (const sample of exposition.samples) {
      const family = [...exposition.types.keys()].find((name) => sample.name === name || sample.name.startsWith(`${name}_`));
      expect(family, sample.name).toBeDefined();
      expect(exposition.helps.has(family!)).toBe(true);
    }
    for (const name of ["process_cpu_user_seconds_total", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes"]) {
      expect(find(exposition, name).length, name).toBe(1);
      expect(find(exposition, name)[0].value).toBeGreaterThan(0);
    }
    expect(find(exposition, "nodejs_eventloop_lag_seconds")[0].value).toBeGreaterThanOrEqual(0);
    expect(exposition.types.get("http_request_duration_seconds")).toBe("histogram");
    expect(exposition.types.get("http_requests_total")).toBe("counter");
    expect(exposition.types.get("contact_center_provider_callback_duration_seconds")).toBe("histogram");
    for (const gauge of [
      "contact_center_queue_waiting_callers",
      "contact_center_event_streams_open",
      "contact_center_webhook_backlog",
      "contact_center_job_queue_depth",
      "contact_center_db_pool_waiting",
    ]) {
      expect(exposition.types.get(gauge), gauge).toBe("gauge");
    }
    expect(exposition.types.get("contact_center_events_delivered_total")).toBe("counter");
  });

  it("counts requests by route template, method and status, with a latency histogram that adds up", async () => {
    const labels = { route: "/api/health", method: "GET", status: "200" };
    const before = await scrape();
    for (let i = 0; i < 7; i++) expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const after = await scrape();
    expect(valueOf(after, "http_requests_total", labels) - valueOf(before, "http_requests_total", labels)).toBe(7);
    expect(valueOf(after, "http_request_duration_seconds_count", labels) - valueOf(before, "http_request_duration_seconds_count", labels)).toBe(7);
    const took = valueOf(after, "http_request_duration_seconds_sum", labels) - valueOf(before, "http_request_duration_seconds_sum", labels);
    expect(took).toBeGreaterThan(0);
    expect(took).toBeLessThan(7);
    // Buckets are cumulative, and the last (+Inf) is the count.
    const buckets = find(after, "http_request_duration_seconds_bucket", labels);
    expect(buckets.at(-1)!.labels.le).toBe("+Inf");
    expect(buckets.at(-1)!.value).toBe(valueOf(after, "http_request_duration_seconds_count", labels));
    for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
  });

  it("labels a request with its route template, never its path", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant);
    const ok = { route: "/api/contacts/[id]", method: "GET", status: "200" };
    const missing = { route: "/api/contacts/[id]", method: "GET", status: "404" };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).status).toBe(200);
    expect((await tenant.client.get("/api/contacts/999999999", tenant.admin.token)).status).toBe(404);
    expect((await api().get("/api/no/such/path", tenant.admin.token)).status).toBe(404);
    const after = await scrape();
    expect(valueOf(after, "http_requests_total", ok) - valueOf(before, "http_requests_total", ok)).toBeGreaterThanOrEqual(3);
    expect(valueOf(after, "http_requests_total", missing) - valueOf(before, "http_requests_total", missing)).toBeGreaterThanOrEqual(1);
    // An unknown path is the catch-all's template, one series however many paths are tried.
    expect(valueOf(after, "http_requests_total", { route: "/api/[...unknown]", method: "GET", status: "404" })).toBeGreaterThanOrEqual(1);
    const routes = new Set(find(after, "http_requests_total").map((s) => s.labels.route));
    expect([...routes].filter((route) => route.includes(String(contact.id)) || route.includes("999999999") || route.includes("/no/such"))).toEqual([]);
    for (const route of routes) expect(route).toMatch(/^(\/[\w.\-[\]]+)+$|^unmatched$/);
  });

  it("times provider callbacks, and counts the caller waiting in the queue, the open event stream and the events it was sent", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const stream = await subscribe(tenant.admin.token, { types: "queue.entry.added" });
    const callback = { route: "/api/telephony/inbound", method: "POST", status: "200" };
    const before = await scrape();
    expect(valueOf(before, "contact_center_event_streams_open")).toBeGreaterThanOrEqual(1);
    const mine = (exposition: typeof before) => find(exposition, "contact_center_queue_waiting_callers", { organization: String(tenant.organization.id) });
    expect(mine(before)).toEqual([]);

    const inbound = await provider().inboundCall({ from: "+14155550142", to: number });
    expect(inbound.status).toBe(200);
    expect(await stream.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === inbound.callSid)).toBeDefined();
    const after = await scrape();
    stream.close();

    const grew = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew("contact_center_provider_callback_duration_seconds_count", callback)).toBeGreaterThanOrEqual(1);
    expect(grew("contact_center_provider_callback_duration_seconds_sum", callback)).toBeGreaterThan(0);
    expect(grew("http_requests_total", callback)).toBeGreaterThanOrEqual(1);
    // The caller waits in the organization's general queue: one series, by ids, not names.
    expect(mine(after).map((s) => [s.labels.queue, s.value])).toEqual([["general", 1]]);
    expect(valueOf(after, "contact_center_event_streams_open")).toBeGreaterThanOrEqual(1);
    expect(grew("contact_center_events_delivered_total", {})).toBeGreaterThanOrEqual(1);
    // The stream was opened through the route wrapper, past Next.js: its template, not "unmatched".
    expect(valueOf(after, "http_requests_total", { route: "/api/events", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);

    // Once the stream is gone the gauge no longer counts it (read at scrape time, not kept).
    await stream.ended;
    const streamsNow = valueOf(await scrape(), "contact_center_event_streams_open");
    expect(streamsNow).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(streamsNow)).toBe(true);
  });

  it("reads the job queues, the webhook backlog and the database pool when scraped", async () => {
    const exposition = await scrape();
    for (const queue of ["contact-import", "contact-operation", "campaign-tick", "message-release"]) {
      for (const state of ["queued", "active"]) {
        const value = valueOf(exposition, "contact_center_job_queue_depth", { queue, state });
        expect(find(exposition, "contact_center_job_queue_depth", { queue, state }).length, `${queue} ${state}`).toBe(1);
        expect(Number.isInteger(value) && value >= 0).toBe(true);
      }
    }
    for (const stage of ["outbox", "delivery"]) {
      expect(find(exposition, "contact_center_webhook_backlog", { stage }).length, stage).toBe(1);
      expect(valueOf(exposition, "contact_center_webhook_backlog", { stage })).toBeGreaterThanOrEqual(0);
    }
    if (onPostgres) {
      // The fixed pool of 10 (and 3 for unflushed writes), opened at start-up and kept.
      const main =
        valueOf(exposition, "contact_center_db_pool_connections", { pool: "main", state: "in_use" }) + valueOf(exposition, "contact_center_db_pool_connections", { pool: "main", state: "idle" });
      expect(main).toBeGreaterThanOrEqual(1);
      expect(main).toBeLessThanOrEqual(10);
      const unflushed =
        valueOf(exposition, "contact_center_db_pool_connections", { pool: "unflushed", state: "in_use" }) +
        valueOf(exposition, "contact_center_db_pool_connections", { pool: "unflushed", state: "idle" });
      expect(unflushed).toBeLessThanOrEqual(3);
      expect(valueOf(exposition, "contact_center_db_pool_waiting", { pool: "main" })).toBeGreaterThanOrEqual(0);
      expect(find(exposition, "contact_center_db_pool_waiting", { pool: "embedded" })).toEqual([]);
    } else {
      expect(find(exposition, "contact_center_db_pool_waiting", { pool: "embedded" }).length).toBe(1);
      expect(valueOf(exposition, "contact_center_db_pool_waiting", { pool: "embedded" })).toBeGreaterThanOrEqual(0);
      expect(find(exposition, "contact_center_db_pool_connections")).toEqual([]);
    }
  });
});
