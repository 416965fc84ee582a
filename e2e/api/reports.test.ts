import { describe, expect, it } from "vitest";
import { ALL_DAY, campaignState, inHoursPhone, playCallback, waitForCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// A fixed set of calls made through the provider's callbacks, then every
// figure of the reports checked exactly, and scoped by role.

const today = new Date().toISOString().slice(0, 10);
const range = `from=${today}&to=${today}&tz=UTC`;

async function answeredInbound(tenant: Tenant, number: string, from: string, agent: { token: string }, wait: number, talk: number) {
  const sim = provider();
  await tenant.client.post("/api/agent/status", { status: "available" }, agent.token);
  const call = await sim.inboundCall({ from, to: number });
  const [entry] = (await tenant.client.get("/api/queue/calls", agent.token)).body.data.filter((c: { call_sid: string }) => c.call_sid === call.callSid);
  expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, agent.token)).status).toBe(200);
  await sim.dequeue({ callSid: call.callSid, to: number, result: "bridged", queueTime: wait });
  await sim.callStatus({ callSid: call.callSid, to: number, status: "completed", duration: talk });
}

async function manual(tenant: Tenant, userId: number, to: string, status: string, duration: number, contactId?: number) {
  const sim = provider();
  const call = await sim.manualCall({ identity: `user_${userId}`, to, contactId });
  await sim.manualStatus({ callSid: call.callSid, identity: `user_${userId}`, to, status, duration, contactId });
}

describe("reports", () => {
  it("counts a fixed set of calls exactly, scoped to each role, and exports them as CSV", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const vip = await makeContact(tenant, { name: "Report Vip", tags: ["vip", "north"] });
    await answeredInbound(tenant, number, "+14155550901", tenant.agentA, 10, 100);
    await answeredInbound(tenant, number, "+14155550902", tenant.agentA, 40, 200);
    const sim = provider();
    const gone = await sim.inboundCall({ from: "+14155550903", to: number });
    await sim.callStatus({ callSid: gone.callSid, to: number, status: "completed", duration: 0 }); // hung up while waiting
    await manual(tenant, tenant.agentA.id, vip.phone, "completed", 60, vip.id);
    await manual(tenant, tenant.agentB.id, "+14155550904", "busy", 0);
    // A campaign call answered by agent A (talk 30 s), through the engine and the provider's callbacks.
    const target = await makeContact(tenant, { name: "Campaign Target", tags: ["report-campaign"], phone: inHoursPhone() });
    const created = await tenant.client.post(
      "/api/campaigns",
      { name: "Report push", selection: { tags: ["report-campaign"] }, dialing_mode: "progressive", caller_id: number, calling_window: ALL_DAY },
      tenant.managerA.token,
    );
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);
    expect((await tenant.client.post(`/api/campaigns/${created.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const [dialed] = await waitForCalls(target.phone, 1, 20_000, campaignState(tenant, created.body.id, [tenant.agentA]));
    await playCallback(dialed.Url, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "in-progress" });
    await playCallback(dialed.StatusCallback, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "completed", CallDuration: "30" });
    // Agent B is Available for two seconds, then Offline.
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentB.token);
    await new Promise((r) => setTimeout(r, 2000));
    await tenant.client.post("/api/agent/status", { status: "offline" }, tenant.agentB.token);

    const get = async (path: string, token = tenant.admin.token) => {
      const response = await tenant.client.get(`/api/reports/${path}${path.includes("?") ? "&" : "?"}${range}`, token);
      expect(response.status, path).toBe(200);
      return response.body;
    };

    const summary = await get("summary");
    expect(summary).toMatchObject({
      total_calls: 6,
      by_direction: { inbound: 3, "outbound-manual": 2, "outbound-campaign": 1 },
      by_status: { completed: 4, "no-answer": 1, busy: 1 },
      inbound_calls: 3,
      answered: 2,
      abandoned: 1,
      answer_rate: 0.6667,
      abandon_rate: 0.3333,
      service_level: 0.3333, // only the 10-second wait is within 20 seconds
      average_handle_seconds: 97.5, // (100 + 200 + 60 + 30) / 4
    });
    // Waits 10, 40 and the abandoned caller's (0 s here): average and 90th percentile (continuous).
    const waits = [0, 10, 40];
    expect(summary.average_wait_seconds).toBeCloseTo(waits.reduce((a, b) => a + b) / 3, 1);
    expect(summary.p90_wait_seconds).toBeCloseTo(10 + 0.8 * 30, 1);
    expect((await get("summary?service_level_seconds=45")).service_level).toBe(0.6667);

    const agents = (await get("agents")).data;
    expect(agents.find((a: { user_id: number }) => a.user_id === tenant.agentA.id)).toMatchObject({ calls: 4, talk_seconds: 390, average_handle_seconds: 97.5 });
    const agentB = agents.find((a: { user_id: number }) => a.user_id === tenant.agentB.id);
    expect(agentB).toMatchObject({ calls: 1, talk_seconds: 0 });
    expect(agentB.seconds_in_state.available).toBeGreaterThanOrEqual(2);
    expect(agentB.seconds_in_state.available).toBeLessThanOrEqual(4);
    expect(agentB.seconds_in_state.busy).toBe(0);

    const hourly = (await get("hourly")).data;
    expect(hourly).toHaveLength(24);
    expect(hourly.reduce((s: number, h: { calls: number }) => s + h.calls, 0)).toBe(6);
    const thisHour = hourly.filter((h: { calls: number }) => h.calls > 0);
    expect(thisHour.reduce((s: number, h: { inbound: number }) => s + h.inbound, 0)).toBe(3);
    const daily = (await get("daily")).data;
    expect(daily).toEqual([{ day: today, calls: 6, inbound: 3, answered: 2, abandoned: 1, average_handle_seconds: 97.5, messages_sent: 0, messages_received: 0, messages_failed: 0, opt_outs: 0 }]);
    expect((await get("campaigns")).data).toEqual([{ campaign_id: created.body.id, name: "Report push", calls: 1, connected: 1, connect_rate: 1, talk_seconds: 30, average_handle_seconds: 30 }]);
    const tags = (await get("tags")).data;
    expect(tags).toEqual(
      expect.arrayContaining([{ tag: "vip", calls: 1, connected: 1, connect_rate: 1, talk_seconds: 60, average_handle_seconds: 60 }, expect.objectContaining({ tag: "north", calls: 1 })]),
    );

    // A manager sees the department's calls (the abandoned caller reached no department), an agent their own.
    expect(await get("summary", tenant.managerA.token)).toMatchObject({ total_calls: 4, inbound_calls: 2, answered: 2, abandoned: 0 });
    expect((await get("campaigns", tenant.managerB.token)).data).toEqual([]);
    expect(await get("summary", tenant.managerB.token)).toMatchObject({ total_calls: 1, by_status: { busy: 1 } });
    expect(await get("summary", tenant.agentB.token)).toMatchObject({ total_calls: 1 });
    expect((await get("agents", tenant.agentA.token)).data.map((a: { user_id: number }) => a.user_id)).toEqual([tenant.agentA.id]);
    const outsider = await createTenant();
    expect(await get("summary", outsider.admin.token)).toMatchObject({ total_calls: 0, answer_rate: null });

    const csv = await fetch(`${tenant.client.baseUrl}/api/reports/agents?${range}&format=csv`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toBe(
      "user_id,name,calls,talk_seconds,average_handle_seconds,seconds_in_state.available,seconds_in_state.busy,seconds_in_state.wrap_up,seconds_in_state.offline,messages_sent,messages_failed",
    );
    expect(text).toContain(`${tenant.agentA.id},`);

    const live = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.admin.token)).body;
    expect(live).toMatchObject({ calls_waiting: 0, longest_wait_seconds: 0, agents_by_state: { offline: 1, wrap_up: 1 }, today: { inbound: 3, answered: 2, abandoned: 1, service_level: 0.3333 } });
    expect(Object.values(live.agents_by_state).reduce((a: number, b) => a + (b as number), 0)).toBe(2);
  });

  it("without from and to, covers the last 30 days up to today on the caller's clock", async () => {
    const tenant = await createTenant();
    const tz = "Pacific/Kiritimati";
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    const daily = await tenant.client.get(`/api/reports/daily?tz=${tz}`, tenant.admin.token);
    expect(daily.status).toBe(200);
    expect(daily.body.data).toHaveLength(30);
    expect(daily.body.data.at(-1).day).toBe(today);
    for (const path of ["summary", "agents", "hourly"]) expect((await tenant.client.get(`/api/reports/${path}`, tenant.managerA.token)).status, path).toBe(200);
    const upTo = await tenant.client.get("/api/reports/daily?to=2026-01-31", tenant.admin.token);
    expect(upTo.body.data[0].day).toBe("2026-01-02");
  });

  it("refuses a bad range or time zone with 422 and answers the wallboard's waiting callers", async () => {
    const tenant = await createTenant();
    for (const query of ["from=2026-01-02&to=2026-01-01", "from=2026-01-01&to=2026-01-02&tz=Mars/Olympus", "from=2024-01-01&to=2026-01-01", "from=yesterday&to=today"]) {
      const response = await tenant.client.get(`/api/reports/summary?${query}`, tenant.admin.token);
      expect(response.status, query).toBe(422);
      expect(response.body.errors).toBeDefined();
    }
    const number = await giveNumber(tenant);
    await provider().inboundCall({ from: "+14155550905", to: number });
    await new Promise((r) => setTimeout(r, 1100));
    const live = (await tenant.client.get("/api/reports/live", tenant.agentA.token)).body;
    expect(live.calls_waiting).toBe(1);
    expect(live.longest_wait_seconds).toBeGreaterThanOrEqual(1);
    expect((await tenant.client.get("/api/reports/live?tz=Nowhere/Land", tenant.agentA.token)).status).toBe(422);
  });
});

describe("time in state per agent", () => {
  it("is exact after an inbound, a manual, a preview and a progressive campaign call: every move the server made is in the state history the report reads", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    const agent = tenant.agentA;
    const identity = `user_${agent.id}`;
    const pause = () => new Promise((r) => setTimeout(r, 1000));
    // The server's own clock for each move (GET /api/agent/status changed_at), read after every step.
    const moves: { status: string; at: number }[] = [];
    const record = async (expected: string) => {
      const { status, changed_at } = (await tenant.client.get("/api/agent/status", agent.token)).body;
      expect(status).toBe(expected);
      const at = Date.parse(changed_at);
      if (moves.at(-1)?.at !== at) moves.push({ status, at });
    };
    const available = async () => {
      await tenant.client.post("/api/agent/status", { status: "available" }, agent.token);
      await record("available");
      await pause();
    };

    await available();
    // Inbound: accepted, talked, ended, wrapped up.
    const inbound = await sim.inboundCall({ from: "+14155550931", to: number });
    const [entry] = (await tenant.client.get("/api/queue/calls", agent.token)).body.data;
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, {}, agent.token)).status).toBe(200);
    await record("busy");
    await pause();
    await sim.dequeue({ callSid: inbound.callSid, to: number, result: "bridged", queueTime: 2 });
    await sim.callStatus({ callSid: inbound.callSid, to: number, status: "completed", duration: 1 });
    await record("wrap_up");
    await pause();
    await available();

    // Manual: busy from the dial, answered, ended.
    const manual = await sim.manualCall({ identity, to: "+14155550932" });
    await record("busy");
    await sim.manualAnswered({ callSid: manual.callSid, identity, to: "+14155550932" });
    await pause();
    await sim.manualStatus({ callSid: manual.callSid, identity, to: "+14155550932", status: "completed", duration: 1 });
    await record("wrap_up");
    await pause();
    await available();

    // Preview campaign: the agent dials the contact handed to them.
    const previewTag = `state-preview-${Date.now()}`;
    await makeContact(tenant, { tags: [previewTag], phone: inHoursPhone() });
    const preview = await tenant.client.post("/api/campaigns", { name: "State preview", selection: { tags: [previewTag] }, dialing_mode: "preview", calling_window: ALL_DAY }, tenant.managerA.token);
    await tenant.client.post(`/api/campaigns/${preview.body.id}/start`, {}, tenant.managerA.token);
    const handed = (await tenant.client.post("/api/campaigns/preview/next", {}, agent.token)).body.data;
    const placed = await sim.manualCall({ identity, to: handed.contact.phone, contactId: handed.contact.id, campaignContactId: handed.campaign_contact_id, path: "/api/telephony/handle-call" });
    await record("busy");
    await pause();
    await sim.manualStatus({
      callSid: placed.callSid,
      identity,
      to: handed.contact.phone,
      status: "completed",
      duration: 1,
      contactId: handed.contact.id,
      campaignContactId: handed.campaign_contact_id,
    });
    await record("wrap_up");
    await pause();
    await available();

    // Progressive campaign: reserved while it rings, connected, ended.
    const progressiveTag = `state-progressive-${Date.now()}`;
    const target = await makeContact(tenant, { tags: [progressiveTag], phone: inHoursPhone() });
    const progressive = await tenant.client.post(
      "/api/campaigns",
      { name: "State progressive", selection: { tags: [progressiveTag] }, dialing_mode: "progressive", caller_id: number, calling_window: ALL_DAY },
      tenant.managerA.token,
    );
    await tenant.client.post(`/api/campaigns/${progressive.body.id}/start`, {}, tenant.managerA.token);
    const [dialed] = await waitForCalls(target.phone);
    await record("busy");
    await pause();
    await playCallback(dialed.Url, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "in-progress" });
    await record("busy");
    await pause();
    await playCallback(dialed.StatusCallback, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "completed", CallDuration: "1" });
    await record("wrap_up");
    await pause();
    await tenant.client.post("/api/agent/status", { status: "offline" }, agent.token);
    await record("offline");

    const expected: Record<string, number> = { available: 0, busy: 0, wrap_up: 0 };
    moves.slice(0, -1).forEach((move, i) => (expected[move.status] += (moves[i + 1].at - move.at) / 1000));
    const report = (await tenant.client.get(`/api/reports/agents?${range}`, tenant.managerA.token)).body.data;
    const seconds = report.find((a: { user_id: number }) => a.user_id === agent.id).seconds_in_state;
    // The report rounds each state's sum to the second; a move missing from the history would shift a whole second or more.
    for (const state of ["available", "busy", "wrap_up"]) expect(Math.abs(seconds[state] - expected[state]), `${state}: ${seconds[state]} vs ${expected[state]}`).toBeLessThanOrEqual(0.6);
    expect(expected.busy).toBeGreaterThanOrEqual(5);
    expect(expected.wrap_up).toBeGreaterThanOrEqual(4);
  });
});
