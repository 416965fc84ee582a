import { describe, expect, it } from "vitest";
import { suiteUrl } from "../support/api";
import { newCallSid } from "@/lib/twilio/simulator/simulator";
import { twimlAttribute } from "../support/call-control";
import { extraAgent, playCallback } from "../support/campaigns";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 23: routing before the queue. The provider is played by signed
// callbacks; the simulator's clock (SimulatedClock, heeded by the test
// servers) plays the time of day.

const WEEKDAYS_9_TO_5 = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]));

async function setRouting(tenant: Tenant, plans: unknown[]) {
  const saved = await tenant.client.request("PUT", "/api/settings/routing", { token: tenant.admin.token, body: { plans } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

async function waiting(tenant: Tenant, token: string) {
  return (await tenant.client.get("/api/queue/calls", token)).body.data as { id: number; call_sid: string; queue_label: string; department: { id: number } | null; position: number }[];
}

function menuPlan(tenant: Tenant) {
  return {
    name: "Main line",
    menu: {
      greeting: "Thanks for calling.",
      default_digit: "1",
      options: [
        { digit: "1", label: "Sales", words: ["buy"], target: { type: "queue", department_id: tenant.departments.a.id } },
        { digit: "2", label: "Support", words: ["help"], target: { type: "queue", department_id: tenant.departments.b.id } },
        { digit: "0", label: "the operator", target: { type: "number", number: "+14155550123" } },
      ],
    },
  };
}

describe("inbound routing", () => {
  it("with no plan the inbound answer is the specification's: enqueued at once with the queue-wait address", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    expect((await tenant.client.get("/api/settings/routing", tenant.admin.token)).body).toEqual({ plans: [] });
    const call = await provider().inboundCall({ from: "+14155550801", to: number });
    expect(call.body).toContain("<Enqueue");
    expect(twimlAttribute(call.body, "Enqueue", "waitUrl")).toContain("/api/telephony/queue-wait");
    const [entry] = await waiting(tenant, tenant.agentA.token);
    expect(entry).toMatchObject({ call_sid: call.callSid, queue_label: "General", department: null, position: 1 });
  });

  it("opening hours are read on the organization's clock across a daylight-saving change; holidays close all day", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    expect((await tenant.client.patch("/api/organization", { time_zone: "America/New_York" }, tenant.admin.token)).status).toBe(200);
    await setRouting(tenant, [
      { name: "Office", hours: WEEKDAYS_9_TO_5, holidays: ["2026-12-25"], closed_message: "We are closed, call us from nine.", queue: { type: "queue", department_id: tenant.departments.a.id } },
    ]);
    const sim = provider();
    const ring = (clock: string) => sim.inboundCall({ from: "+14155550802", to: number, clock });

    // Monday 2 November 2026, the day after clocks went back: 13:30 UTC is 08:30 in New York (it was 09:30 a week before).
    const early = await ring("2026-11-02T13:30:00Z");
    expect(early.body).toContain("We are closed, call us from nine.");
    expect(early.body).toContain("<Hangup");
    expect(await ring("2026-10-26T13:30:00Z").then((r) => r.body)).toContain("<Enqueue");
    expect(await ring("2026-11-02T14:00:00Z").then((r) => r.body)).toContain("<Enqueue");
    expect(await ring("2026-11-02T22:00:00Z").then((r) => r.body)).toContain("We are closed"); // 17:00 local
    expect(await ring("2026-12-25T15:00:00Z").then((r) => r.body)).toContain("We are closed"); // a Friday, a holiday
    // Only the callers who came in hours wait, in department A's queue.
    const calls = await waiting(tenant, tenant.agentA.token);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.queue_label === "A" && c.department?.id === tenant.departments.a.id)).toBe(true);
    expect(await waiting(tenant, tenant.agentB.token)).toEqual([]);
  });

  it("a menu sends each caller where their key or words choose; a department's callers are its agents' (and admins'), not another department's", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [menuPlan(tenant)]);
    const sim = provider();
    const call = async (answer: { digits?: string; speech?: string }) => {
      const arrived = await sim.inboundCall({ from: "+14155550803", to: number });
      expect(arrived.body).toContain("<Gather");
      expect(arrived.body).toContain("Thanks for calling. For Sales, press 1. For Support, press 2. For the operator, press 0.");
      const action = twimlAttribute(arrived.body, "Gather", "action")!;
      expect(twimlAttribute(arrived.body, "Gather", "input")).toBe("dtmf speech");
      const params = { CallSid: arrived.callSid, From: "+14155550803", To: number, ...(answer.digits && { Digits: answer.digits }), ...(answer.speech && { SpeechResult: answer.speech }) };
      const routed = await playCallback(action, params);
      await expect(playCallback(action, params).then((r) => r.body)).resolves.toBe(routed.body); // a retried delivery: the same answer, one entry
      return { callSid: arrived.callSid, body: routed.body };
    };

    const support = await call({ digits: "2" });
    expect(support.body).toContain("<Enqueue");
    const sales = await call({ speech: "I want to buy a plan" });
    const operator = await call({ digits: "0" });
    expect(operator.body).toMatch(/<Dial [^>]*>\+14155550123<\/Dial>/);
    // When the forward ends (the Dial's action) the call is logged once, as an inbound call with no agent.
    const forwardEnd = { CallSid: operator.callSid, From: "+14155550803", To: number, DialCallStatus: "completed", DialCallDuration: "42", DialCallSid: newCallSid() };
    expect((await playCallback(twimlAttribute(operator.body, "Dial", "action")!, forwardEnd)).status).toBe(200);
    expect((await playCallback(twimlAttribute(operator.body, "Dial", "action")!, forwardEnd)).status).toBe(200);
    const forwardedLogs = (await tenant.client.get("/api/voice/call-logs?per_page=100", tenant.admin.token)).body.data.filter((l: { call_sid: string }) => l.call_sid === operator.callSid);
    expect(forwardedLogs).toEqual([expect.objectContaining({ direction: "inbound", status: "completed", duration: 42, phone_number: "+14155550803", user_id: null })]);

    const b = await waiting(tenant, tenant.agentB.token);
    expect(b.map((c) => [c.call_sid, c.queue_label, c.position])).toEqual([[support.callSid, "B", 1]]);
    const a = await waiting(tenant, tenant.agentA.token);
    expect(a.map((c) => [c.call_sid, c.queue_label, c.position])).toEqual([[sales.callSid, "A", 1]]);
    expect((await waiting(tenant, tenant.admin.token)).map((c) => c.call_sid).sort()).toEqual([support.callSid, sales.callSid].sort());
    // Agent A cannot take department B's caller: as if it did not exist.
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    const [entryB] = await waiting(tenant, tenant.admin.token).then((all) => all.filter((c) => c.call_sid === support.callSid));
    expect((await tenant.client.post(`/api/queue/calls/${entryB.id}/accept`, {}, tenant.agentA.token)).status).toBe(404);
  });

  it("a key no option has, or silence, asks once more, then the default option; a plan changed meanwhile never errors", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [menuPlan(tenant)]);
    const sim = provider();
    const arrived = await sim.inboundCall({ from: "+14155550804", to: number });
    const first = twimlAttribute(arrived.body, "Gather", "action")!;
    const again = await playCallback(first, { CallSid: arrived.callSid, From: "+14155550804", To: number, Digits: "9" });
    expect(again.status).toBe(200);
    expect(again.body).toContain("Sorry, I did not get that.");
    const second = twimlAttribute(again.body, "Gather", "action")!;
    expect(second).toContain("try=2");
    // Silence: the Gather falls through to its redirect, to the same address without Digits.
    expect(twimlAttribute(again.body, "Redirect", "method")).toBe("POST");
    const defaulted = await playCallback(second, { CallSid: arrived.callSid, From: "+14155550804", To: number });
    expect(defaulted.body).toContain("<Enqueue");
    expect((await waiting(tenant, tenant.agentA.token)).map((c) => c.call_sid)).toEqual([arrived.callSid]);

    // A caller in the menu when the admin removes it: the next answer sends them to the plan's queue.
    const midway = await sim.inboundCall({ from: "+14155550805", to: number });
    await setRouting(tenant, [{ name: "Main line" }]);
    const late = await playCallback(twimlAttribute(midway.body, "Gather", "action")!, { CallSid: midway.callSid, From: "+14155550805", To: number, Digits: "2" });
    expect(late.status).toBe(200);
    expect(late.body).toContain("<Enqueue");
    // A callback not signed by the provider changes nothing.
    const forged = await fetch(first.replace(/^https?:\/\/[^/]+/, suiteUrl()), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ CallSid: newCallSid(), To: number, Digits: "2" }),
    });
    expect(forged.status).toBe(403);
  });

  it("refuses a bad plan with 422 naming the field, and saves nothing; only admins change routing", async () => {
    const tenant = await createTenant();
    await setRouting(tenant, [{ name: "Kept" }]);
    const put = (plans: unknown[], token = tenant.admin.token) => tenant.client.request("PUT", "/api/settings/routing", { token, body: { plans } });
    const cases: [unknown[], string][] = [
      [[{ name: "x", hours: { mon: [{ start: "17:00", end: "09:00" }] } }], "plans.0.hours.mon.0.end"],
      [[{ name: "x", hours: { mon: [{ start: "9am", end: "17:00" }] } }], "plans.0.hours.mon.0.start"],
      [[{ name: "x", holidays: ["2026-02-30"] }], "plans.0.holidays.0"],
      [[{ name: "x", numbers: ["5551234"] }], "plans.0.numbers.0"],
      [[{ ...menuPlan(tenant), menu: { ...menuPlan(tenant).menu, default_digit: "7" } }], "plans.0.menu.default_digit"],
      [
        [{ name: "x", menu: { greeting: "Hi", default_digit: "1", options: [{ digit: "1", label: "A", target: { type: "queue", department_id: 99_999_999 } }] } }],
        "plans.0.menu.options.0.target.department_id",
      ],
      [[{ name: "x", queue: { type: "number", number: "not a number" } }], "plans.0.queue.number"],
      [[{ name: "x" }, { name: "y" }], "plans"],
    ];
    for (const [plans, field] of cases) {
      const refused = await put(plans);
      expect(refused.status, field).toBe(422);
      expect(Object.keys(refused.body.errors), field).toContain(field);
    }
    expect((await put([{ name: "x" }], tenant.managerA.token)).status).toBe(403);
    expect((await tenant.client.get("/api/settings/routing", tenant.admin.token)).body.plans).toEqual([expect.objectContaining({ name: "Kept", menu: null, hours: null })]);
  });
});

describe("waiting callers", () => {
  it("hear their place and expected wait at the plan's interval, from the queue's pace; the wallboard shows each queue's figures", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    await setRouting(tenant, [{ name: "Office", announce_every_seconds: 15, queue: { type: "queue", department_id: tenant.departments.a.id } }]);
    const sim = provider();
    // No pace yet: the first caller hears their place, no estimate; asked again at once, only music.
    const first = await sim.inboundCall({ from: "+14155550881", to: number });
    const told = await sim.queueWait({ callSid: first.callSid, to: number });
    expect(told.body).toContain("You are caller number 1 in line.");
    expect(told.body).not.toContain("expected wait");
    const again = await sim.queueWait({ callSid: first.callSid, to: number });
    expect(again.body).not.toContain("caller number");
    expect(again.body).toContain("<Play>");

    // Three of department A's agents answer a caller each, about a second apart: the queue's pace.
    const agents = [tenant.agentA, await extraAgent(tenant, "pace-1"), await extraAgent(tenant, "pace-2")];
    for (const [i, agent] of agents.entries()) {
      if (i > 0) await sim.inboundCall({ from: `+1415555089${i}`, to: number });
      await tenant.client.post("/api/agent/status", { status: "available" }, agent.token);
      const [next] = await waiting(tenant, agent.token);
      expect((await tenant.client.post(`/api/queue/calls/${next.id}/accept`, {}, agent.token)).status).toBe(200);
      if (i < 2) await new Promise((r) => setTimeout(r, 1100));
    }
    const second = await sim.inboundCall({ from: "+14155550883", to: number });
    const third = await sim.inboundCall({ from: "+14155550884", to: number });
    await sim.queueWait({ callSid: second.callSid, to: number });
    const estimate = await sim.queueWait({ callSid: third.callSid, to: number });
    expect(estimate.body).toContain("You are caller number 2 in line.");
    expect(estimate.body).toContain("Your expected wait is about 1 minute.");

    const live = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.managerA.token)).body;
    const queueA = live.queues.find((q: { department_id: number | null }) => q.department_id === tenant.departments.a.id);
    expect(queueA).toMatchObject({ name: "A", waiting: 2, offered_today: 5, service_level: 0.6, agents_on_duty: 3 });
    expect(queueA.expected_wait_seconds).toBeGreaterThan(0);
    expect(queueA.expected_wait_seconds).toBeLessThan(10);
    expect(live.queues.map((q: { name: string }) => q.name)).toEqual(["General", "A"]); // not department B's

    // Everyone goes off duty (their unjoined callers back in line): the pace promises nothing now (issue 61, point 5).
    for (const agent of agents) expect((await tenant.client.post("/api/agent/status", { status: "offline" }, agent.token)).status).toBe(200);
    const offDuty = (await tenant.client.get("/api/reports/live?tz=UTC", tenant.managerA.token)).body.queues.find((q: { department_id: number | null }) => q.department_id === tenant.departments.a.id);
    expect(offDuty).toMatchObject({ agents_on_duty: 0, waiting: 5, expected_wait_seconds: null });
  });
});
