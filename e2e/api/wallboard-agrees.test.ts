import { describe, expect, it } from "vitest";
import { answeredInboundCall, connectedInboundCall } from "../support/call-control";
import { createTenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 45, point 8: the wallboard agrees with itself and with the reports.
// A call answered and still on the line is answered today (its queue shows it
// offered and answered within its service level); once every call has ended,
// today's figures are the summary report's for the same day, to the call.

const today = new Date().toISOString().slice(0, 10);

describe("the wallboard's roster", () => {
  it("names the contact an agent's call is with, and each agent's state since the server's clock", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/contacts", { name: "Rosa Roster", phone: "+14155550177" }, tenant.admin.token)).status).toBe(201);
    await connectedInboundCall(tenant); // from +14155550177
    const live = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.admin.token)).body;
    const agent = live.agents.find((a: { id: number }) => a.id === tenant.agentA.id);
    expect(agent).toMatchObject({ status: "busy", call: { contact_name: "Rosa Roster", number: "+14155550177" } });
    // The page ticks from `since` on the clock of `at`, the server's.
    expect(new Date(agent.since).getTime()).toBeLessThanOrEqual(new Date(live.at).getTime());
  });
});

describe("the wallboard's today", () => {
  it("counts a call on the line as answered, and equals the summary report once every call has ended", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    await answeredInboundCall(tenant, number, "+14155550931");
    // The agent's wrap-up ends: the next call finds them available.
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    const gone = await sim.inboundCall({ from: "+14155550932", to: number });
    await sim.callStatus({ callSid: gone.callSid, to: number, status: "completed", duration: 0 }); // hung up while waiting
    const onLine = await connectedInboundCall(tenant);

    const wallboard = async () => {
      const live = await tenant.client.get("/api/reports/live?tz=UTC", tenant.admin.token);
      expect(live.status).toBe(200);
      return live.body;
    };
    const summary = async () => (await tenant.client.get(`/api/reports/summary?from=${today}&to=${today}&tz=UTC`, tenant.admin.token)).body;

    const during = await wallboard();
    const general = during.queues.find((q: { department_id: number | null }) => q.department_id === null);
    expect(general).toMatchObject({ offered_today: 3, answered_today: 2, waiting: 0 });
    expect(during.today).toMatchObject({ inbound: 3, answered: 2, abandoned: 1, on_the_line: 1 });
    // The report holds ended calls only: the one on the line is the difference.
    const before = await summary();
    expect({ inbound: before.inbound_calls, answered: before.answered, abandoned: before.abandoned }).toEqual({ inbound: 2, answered: 1, abandoned: 1 });

    await onLine.sim.dequeue({ callSid: onLine.callSid, to: onLine.number, result: "bridged", queueTime: 1 });
    await onLine.sim.callStatus({ callSid: onLine.callSid, to: onLine.number, status: "completed", duration: 30 });
    const after = await wallboard();
    const report = await summary();
    expect(after.today.on_the_line).toBe(0);
    expect({ inbound: after.today.inbound, answered: after.today.answered, abandoned: after.today.abandoned, service_level: after.today.service_level }).toEqual({
      inbound: report.inbound_calls,
      answered: report.answered,
      abandoned: report.abandoned,
      service_level: report.service_level,
    });
    expect(report).toMatchObject({ inbound_calls: 3, answered: 2, abandoned: 1 });
    expect(after.queues.find((q: { department_id: number | null }) => q.department_id === null)).toMatchObject({ offered_today: 3, answered_today: 2 });
  });

  it("shows a manager the calls on the line of their own department only", async () => {
    const tenant = await createTenant();
    await connectedInboundCall(tenant);
    const admin = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.admin.token)).body;
    expect(admin.today.on_the_line).toBe(1);
    // The general queue's caller belongs to no department: another department's manager does not count it.
    const other = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.managerB.token)).body;
    expect(other.today).toMatchObject({ on_the_line: 0, answered: 0 });
  });
});

describe("the wallboard and the reports, for every role", () => {
  it("each role's queue rows add up to its today, and its today is its summary report: a manager counts the callers their agents took, an agent their own", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sim = provider();
    // The general queue: one caller agent A (department A) takes, one agent B (department B) takes, one who hangs up waiting.
    await answeredInboundCall(tenant, number, "+14155550941");
    await tenant.client.post("/api/agent/status", { status: "offline" }, tenant.agentA.token);
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentB.token);
    const taken = await sim.inboundCall({ from: "+14155550942", to: number });
    const [entry] = (await tenant.client.get("/api/queue/calls", tenant.agentB.token)).body.data.filter((c: { call_sid: string }) => c.call_sid === taken.callSid);
    expect((await tenant.client.post(`/api/queue/calls/${entry.id}/accept`, undefined, tenant.agentB.token)).status).toBe(200);
    await sim.dequeue({ callSid: taken.callSid, to: number, result: "bridged", queueTime: 40 });
    await sim.callStatus({ callSid: taken.callSid, to: number, status: "completed", duration: 30 });
    const gone = await sim.inboundCall({ from: "+14155550943", to: number });
    await sim.callStatus({ callSid: gone.callSid, to: number, status: "completed", duration: 0 });

    const expected = {
      admin: { inbound: 3, answered: 2, abandoned: 1, scope: "organization" },
      managerA: { inbound: 1, answered: 1, abandoned: 0, scope: "department" },
      managerB: { inbound: 1, answered: 1, abandoned: 0, scope: "department" },
      agentA: { inbound: 1, answered: 1, abandoned: 0, scope: "own" },
      agentB: { inbound: 1, answered: 1, abandoned: 0, scope: "own" },
    } as const;
    for (const [role, figures] of Object.entries(expected)) {
      const token = tenant[role as keyof typeof expected].token;
      const live = (await tenant.client.get("/api/reports/live?tz=UTC", token)).body;
      const report = (await tenant.client.get(`/api/reports/summary?from=${today}&to=${today}&tz=UTC`, token)).body;
      expect([role, live.today]).toMatchObject([role, figures]);
      const sum = (key: "offered_today" | "answered_today") => live.queues.reduce((total: number, q: Record<string, number>) => total + q[key], 0);
      expect([role, sum("offered_today"), sum("answered_today")]).toEqual([role, live.today.inbound, live.today.answered]);
      expect([role, { inbound: live.today.inbound, answered: live.today.answered, abandoned: live.today.abandoned, service_level: live.today.service_level }]).toEqual([
        role,
        { inbound: report.inbound_calls, answered: report.answered, abandoned: report.abandoned, service_level: report.service_level },
      ]);
    }
    // Agent B's caller waited 40 s, past the 20 s service level: department B's day is 0 %, department A's 100 %.
    expect((await tenant.client.get("/api/reports/live?tz=UTC", tenant.managerB.token)).body.today.service_level).toBe(0);
    expect((await tenant.client.get("/api/reports/live?tz=UTC", tenant.managerA.token)).body.today.service_level).toBe(1);
  });
});
