import { describe, expect, inject, it } from "vitest";
import { announce } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import { api, loginAs } from "../support/api";
import { subscribe } from "../support/event-stream";
import { createTenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { startServer } from "../support/server.mjs";
import { connectToTestDatabase } from "../support/test-database";

// Two servers on one PostgreSQL: an event published by one process reaches
// the subscribers of the other, through LISTEN/NOTIFY; a sign-out on one
// closes the streams on the other.

const db = connectToTestDatabase();

describe("events across servers", () => {
  // A NOTIFY carries the event itself, up to 7,900 bytes (payloads stop at
  // 8,000); a longer one is announced by its id and read back from the table.
  // Between two short ones in one burst, it keeps its place. Published with
  // the fragment the publishing statements use, from outside either server.
  it("delivers an event larger than a NOTIFY payload whole and in order, read back from the table", async () => {
    const tenant = await createTenant();
    const streams = [await subscribe(tenant.agentA.token), await subscribe(tenant.agentA.token, { baseUrl: inject("secondBaseUrl") })];
    const events = [
      { call_sid: newCallSid(), state: "answered", event: "held", detail: {} },
      { call_sid: newCallSid(), state: "answered", event: "held", detail: { note: "x".repeat(9000) } },
      { call_sid: newCallSid(), state: "held", event: "resumed", detail: {} },
    ];
    const rows = eventRows({
      type: "call.updated",
      record: { organization_id: "$1::int", user_id: "$3::int" },
      data: { call_sid: "value->>'call_sid'", state: "value->>'state'", event: "value->>'event'", detail: "value->'detail'" },
      from: "FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(value, n) ORDER BY n",
    });
    await db.query(`WITH e AS (${insertEvents(rows)}) SELECT ${announce("e")} FROM e ORDER BY e.id`, [tenant.organization.id, JSON.stringify(events), tenant.agentA.id]);
    for (const stream of streams) {
      expect((await stream.waitFor((e) => e.data.call_sid === events[2].call_sid))?.data).toMatchObject(events[2]);
      expect(stream.events.map((e) => e.data)).toMatchObject(events);
      stream.close();
    }
  });

  // Callers arriving together on both servers: every NOTIFY heard, every burst read whole, nothing dropped or doubled.
  it("delivers every one of 30 callers arriving at once on both servers to a stream on each", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const bases = [inject("baseUrl"), inject("secondBaseUrl")];
    const streams = await Promise.all(bases.map((baseUrl) => subscribe(tenant.agentA.token, { baseUrl, types: "queue.entry.added" })));
    const sids = Array.from({ length: 30 }, () => newCallSid());
    const answers = await Promise.all(sids.map((callSid, i) => provider(bases[i % 2]).inboundCall({ callSid, from: `+141555507${String(i).padStart(2, "0")}`, to: number })));
    expect(answers.map((a) => a.status)).toEqual(sids.map(() => 200));
    for (const stream of streams) {
      for (const sid of sids) expect(await stream.waitFor((e) => e.data.call_sid === sid)).toBeDefined();
      expect(stream.events.length).toBe(30);
      stream.close();
    }
  });

  it("delivers an inbound call posted to one server to an agent streaming from the other, and to no other organization", async () => {
    const second = inject("secondBaseUrl");
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    const number = await giveNumber(tenant);
    const [onSecond, otherOnSecond, onFirst] = [
      await subscribe(tenant.agentA.token, { baseUrl: second }),
      await subscribe(other.agentA.token, { baseUrl: second }),
      await subscribe(tenant.managerA.token),
    ];
    const callSid = newCallSid();
    const posted = Date.now();
    expect((await provider().inboundCall({ callSid, from: "+14155550777", to: number })).status).toBe(200);
    expect(await onSecond.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === callSid)).toBeDefined();
    expect(Date.now() - posted).toBeLessThan(1000);
    expect(await onFirst.waitFor((e) => e.data.call_sid === callSid)).toBeDefined();
    // The other organization's stream is shown a call of its own, through the same server: events
    // reach a stream in the order they were published, so one of ours sent to it would be there first.
    const marker = newCallSid();
    expect((await provider().inboundCall({ callSid: marker, from: "+14155550779", to: await giveNumber(other) })).status).toBe(200);
    expect(await otherOnSecond.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === marker)).toBeDefined();
    expect(otherOnSecond.events.filter((e) => e.data.call_sid === callSid)).toEqual([]);
    [onSecond, otherOnSecond, onFirst].forEach((s) => s.close());
  });

  it("closes a user's stream on the other server when they sign out", async () => {
    const second = inject("secondBaseUrl");
    const tenant = await createTenant();
    const stream = await subscribe(tenant.agentB.token, { baseUrl: second });
    expect(stream.response.status).toBe(200);
    const out = Date.now();
    await api().post("/api/logout", {}, tenant.agentB.token);
    await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 2000))]);
    expect(Date.now() - out).toBeLessThan(1000);
    expect(await loginAs(api(second), tenant.agentB.email, "correct-horse-battery")).toBeTruthy();
  });

  // Behind our server a stream is written straight to the socket; under a bare
  // `next start` (or `next dev`) the route answers a web stream. Same rules.
  it("streams from a bare `next start` too: delivery from another server, and the close at sign-out", async () => {
    const bare = await startServer({ databaseUrl: inject("databaseUrl"), label: "bare-next", bareNext: true });
    try {
      const tenant = await createTenant();
      const number = await giveNumber(tenant);
      const stream = await subscribe(tenant.agentA.token, { baseUrl: bare.baseUrl });
      expect(stream.response.status).toBe(200);
      const callSid = newCallSid();
      expect((await provider().inboundCall({ callSid, from: "+14155550778", to: number })).status).toBe(200);
      expect(await stream.waitFor((e) => e.type === "queue.entry.added" && e.data.call_sid === callSid)).toBeDefined();
      const out = Date.now();
      await api().post("/api/logout", {}, tenant.agentA.token);
      await Promise.race([stream.ended, new Promise((r) => setTimeout(r, 2000))]);
      expect(Date.now() - out).toBeLessThan(1000);
    } finally {
      await bare.stop();
    }
  }, 120_000);
});
