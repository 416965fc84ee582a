import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { api, loginAs, type Api } from "../support/api";
import { createTenant, FACTORY_PASSWORD, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";
import { startServer } from "../support/server.mjs";

// Issue 44, point 8: the offer engine on two servers sharing one PostgreSQL
// (and a third, killed mid-offer). The promises are the database's (one open
// offer per call, one per agent); these tests hold the whole flow to them.

const servers: Awaited<ReturnType<typeof startServer>>[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop().catch(() => undefined)));
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function offerQueue(tenant: Tenant, settings: Record<string, unknown>) {
  const general = (await tenant.client.get("/api/queues", tenant.admin.token)).body.data[0];
  expect((await tenant.client.patch(`/api/queues/${general.id}`, { distribution: "offer", ...settings }, tenant.admin.token)).status).toBe(200);
}

interface Agent {
  id: number;
  token: string;
  server: Api;
}

async function makeAgents(tenant: Tenant, count: number, clients: Api[]): Promise<Agent[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `offer-agent-${i}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@factory.test`;
      const user = await tenant.client.post("/api/users", { name: `Offer agent ${i}`, email, password: FACTORY_PASSWORD, role: "agent", department_id: tenant.departments.a.id }, tenant.admin.token);
      expect(user.status).toBe(201);
      const server = clients[i % clients.length];
      return { id: user.body.id as number, token: await loginAs(server, email, FACTORY_PASSWORD), server };
    }),
  );
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("offers across servers", () => {
  it("two servers offering one queue: never two open offers for a call or an agent, every caller taken exactly once", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const number = await giveNumber(tenant);
    await offerQueue(tenant, { offer_timeout_seconds: 60 });
    const clients = [api(inject("baseUrl")), api(inject("secondBaseUrl"))];
    const agents = await makeAgents(tenant, 8, clients);
    await Promise.all(agents.map((a) => a.server.post("/api/agent/status", { status: "available" }, a.token)));

    const CALLS = 20;
    const sims = [provider(inject("baseUrl")), provider(inject("secondBaseUrl"))];
    const calls = await Promise.all(Array.from({ length: CALLS }, (_, i) => sims[i % 2].inboundCall({ from: `+1415555${String(1000 + i)}`, to: number })));
    const callSids = new Set(calls.map((c) => c.callSid));

    const taken = new Map<string, number>();
    const deadline = Date.now() + 60_000;
    while (taken.size < CALLS && Date.now() < deadline) {
      // Every agent answers whatever they are offered, on the server they signed in to.
      await Promise.all(
        agents.map(async (agent) => {
          const [offer] = (await agent.server.get("/api/offers", agent.token)).body.data ?? [];
          if (!offer) return;
          const accepted = await agent.server.post(`/api/offers/${offer.id}/accept`, {}, agent.token);
          expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
          const sid = accepted.body.call_sid as string;
          expect(taken.has(sid), `${sid} taken twice`).toBe(false);
          taken.set(sid, agent.id);
          // The device joins, the two are bridged, the caller hangs up, and the agent is free for the next caller
          // (Available while still on the call is refused: 409).
          await sims[0].agentConnects({ identity: `user_${agent.id}`, to: number, queueEntryId: String(offer.call.queue_entry_id) });
          await sims[0].dequeue({ callSid: sid, to: number, result: "bridged", queueTime: 5 });
          await sims[0].callStatus({ callSid: sid, to: number, status: "completed", duration: 5 });
          expect((await agent.server.post("/api/agent/status", { status: "available" }, agent.token)).status).toBe(200);
        }),
      );
      // The invariants, read straight from the database while offers are being made.
      const [open] = await sql<{ calls: number; agents: number; offers: number }>(
        `SELECT count(DISTINCT queue_entry_id)::int AS calls, count(DISTINCT user_id)::int AS agents, count(*)::int AS offers FROM offers WHERE organization_id = $1 AND status = 'open'`,
        [tenant.organization.id],
      );
      expect(open.offers).toBe(open.calls);
      expect(open.offers).toBe(open.agents);
      expect(open.offers).toBeLessThanOrEqual(agents.length);
      await pause(50);
    }
    expect(taken.size).toBe(CALLS);
    expect(new Set(taken.keys())).toEqual(callSids);
    const entries = await sql<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM queue_entries WHERE organization_id = $1 GROUP BY status`, [tenant.organization.id]);
    expect(entries).toEqual([{ status: "completed", n: CALLS }]);
    const accepted = await sql<{ n: number; entries: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT queue_entry_id)::int AS entries FROM offers WHERE organization_id = $1 AND status = 'accepted'`,
      [tenant.organization.id],
    );
    expect(accepted).toEqual([{ n: CALLS, entries: CALLS }]);
  });

  it("a server killed with an open offer: it runs out on time on another server and the call is offered again", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const number = await giveNumber(tenant);
    await offerQueue(tenant, { offer_timeout_seconds: 5 });
    const doomed = await startServer({ databaseUrl: inject("databaseUrl"), label: "offers-doomed", env: { TWILIO_API_BASE_URL: process.env.TEST_PROVIDER_API_URL ?? "" } });
    servers.push(doomed);
    const doomedClient = api(doomed.baseUrl);
    const [first] = await makeAgents(tenant, 1, [doomedClient]);
    expect((await doomedClient.post("/api/agent/status", { status: "available" }, first.token)).status).toBe(200);
    const call = await provider(doomed.baseUrl).inboundCall({ from: "+14155552001", to: number });
    let offer: { id: number; expires_at: string } | undefined;
    for (let i = 0; i < 50 && !offer; i++) {
      [offer] = (await doomedClient.get("/api/offers", first.token)).body.data;
      if (!offer) await pause(100);
    }
    expect(offer).toBeDefined();
    process.kill(doomed.pid!, "SIGKILL");
    const killedAt = Date.now();

    const main = api(inject("baseUrl"));
    const second = (await makeAgents(tenant, 1, [main]))[0];
    expect((await main.post("/api/agent/status", { status: "available" }, second.token)).status).toBe(200);
    let next: { id: number; call: { call_sid: string } } | undefined;
    while (!next && Date.now() - killedAt < 10_000) {
      [next] = (await main.get("/api/offers", second.token)).body.data;
      if (!next) await pause(100);
    }
    expect(next?.call.call_sid).toBe(call.callSid);
    // Offered again within the timeout of the offer the killed server held (and a tick).
    expect(Date.now()).toBeLessThan(new Date(offer!.expires_at).getTime() + 2500);
    expect((await main.get("/api/agent/status", first.token)).body.status).toBe("missed");
    const [missed] = await sql<{ status: string }>(`SELECT status FROM offers WHERE id = $1`, [offer!.id]);
    expect(missed.status).toBe("missed");
  });
});
