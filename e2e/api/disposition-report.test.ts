import { describe, expect, it } from "vitest";
import { answeredInboundCall } from "../support/call-control";
import { ALL_DAY, inHoursPhone, playCallback, waitForCalls } from "../support/campaigns";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// Issue 45, point 2: outcomes are visible. A fixed set of calls gets its
// dispositions at wrap-up; the call history filters by them, the contact's
// timeline shows them, and GET /api/reports/dispositions counts them per
// disposition, agent, campaign and queue, scoped like every report.

const today = new Date().toISOString().slice(0, 10);
const range = `from=${today}&to=${today}&tz=UTC`;

async function logOf(tenant: Tenant, callSid: string) {
  const found = await tenant.client.get(`/api/voice/call-logs?call_sid=${callSid}`, tenant.admin.token);
  expect(found.body.data, `the call log of ${callSid}`).toHaveLength(1);
  return found.body.data[0] as { id: number; user_id: number | null };
}

async function dispose(tenant: Tenant, token: string, logId: number, dispositionId: number) {
  const picked = await tenant.client.request("PATCH", `/api/voice/call-logs/${logId}`, { token, body: { disposition_id: dispositionId } });
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
}

describe("dispositions everywhere", () => {
  it("counts the range's calls per disposition, agent, campaign and queue, filters the history by them and shows them on the contact's timeline", async () => {
    const tenant = await createTenant();
    const number = await giveNumber(tenant);
    const sale = (await tenant.client.post("/api/dispositions", { name: "Sale", is_success: true }, tenant.admin.token)).body;
    const noInterest = (await tenant.client.post("/api/dispositions", { name: "No interest" }, tenant.admin.token)).body;

    // Agent A: two inbound calls, one a sale, one left without a disposition.
    const first = await answeredInboundCall(tenant, number, "+14155550941", { queueTime: 5, duration: 60 });
    await dispose(tenant, tenant.agentA.token, (await logOf(tenant, first)).id, sale.id);
    await answeredInboundCall(tenant, number, "+14155550942", { queueTime: 5, duration: 60 });
    // Agent B: a manual call to a contact, no interest.
    const contact = await makeContact(tenant, { name: "Dora Disposition" });
    const sim = provider();
    const manual = await sim.manualCall({ identity: `user_${tenant.agentB.id}`, to: contact.phone, contactId: contact.id });
    await sim.manualStatus({ callSid: manual.callSid, identity: `user_${tenant.agentB.id}`, to: contact.phone, status: "completed", duration: 30, contactId: contact.id });
    await dispose(tenant, tenant.agentB.token, (await logOf(tenant, manual.callSid)).id, noInterest.id);
    // Agent A again: a campaign call, a sale.
    const target = await makeContact(tenant, { name: "Campaign Dora", tags: ["dispo-campaign"], phone: inHoursPhone() });
    const campaign = (
      await tenant.client.post(
        "/api/campaigns",
        { name: "Dispo push", selection: { tags: ["dispo-campaign"] }, dialing_mode: "progressive", caller_id: number, calling_window: ALL_DAY },
        tenant.managerA.token,
      )
    ).body;
    await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect((await tenant.client.post(`/api/campaigns/${campaign.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const [dialed] = await waitForCalls(target.phone);
    await playCallback(dialed.Url, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "in-progress" });
    await playCallback(dialed.StatusCallback, { CallSid: dialed.sid, From: number, To: target.phone, CallStatus: "completed", CallDuration: "45" });
    await dispose(tenant, tenant.agentA.token, (await logOf(tenant, dialed.sid)).id, sale.id);

    const report = await tenant.client.get(`/api/reports/dispositions?${range}`, tenant.admin.token);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({ calls: 4, without_disposition: 1 });
    expect(report.body.dispositions).toEqual([
      { disposition_id: sale.id, name: "Sale", is_success: true, archived: false, calls: 2 },
      { disposition_id: noInterest.id, name: "No interest", is_success: false, archived: false, calls: 1 },
    ]);
    const rows = report.body.data as { group: string; id: number | null; disposition_id: number | null; calls: number }[];
    const cell = (group: string, id: number | null, disposition: number | null) => rows.find((r) => r.group === group && r.id === id && r.disposition_id === disposition)?.calls ?? 0;
    expect([cell("agent", tenant.agentA.id, sale.id), cell("agent", tenant.agentA.id, null), cell("agent", tenant.agentB.id, noInterest.id)]).toEqual([2, 1, 1]);
    expect(cell("campaign", campaign.id, sale.id)).toBe(1);
    expect([cell("queue", null, sale.id), cell("queue", null, null)]).toEqual([1, 1]);
    expect(rows.filter((r) => r.group === "queue").reduce((s, r) => s + r.calls, 0)).toBe(2);

    // The same rows as a spreadsheet.
    const csv = await fetch(`${tenant.client.baseUrl}/api/reports/dispositions?${range}&format=csv`, { headers: { Authorization: `Bearer ${tenant.admin.token}` } });
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("group,id,name,disposition_id,disposition,calls");
    expect(lines).toHaveLength(rows.length + 1);

    // Scoped like every report: an agent their own calls, another organization nothing.
    const mine = (await tenant.client.get(`/api/reports/dispositions?${range}`, tenant.agentB.token)).body;
    expect(mine).toMatchObject({ calls: 1, without_disposition: 0 });
    expect(mine.data.filter((r: { group: string }) => r.group === "agent").map((r: { id: number }) => r.id)).toEqual([tenant.agentB.id]);
    expect((await (await createTenant()).client.get(`/api/reports/dispositions?${range}`, (await createTenant()).admin.token)).body.calls).toBe(0);
    expect((await tenant.client.get(`/api/reports/dispositions?from=${today}&to=2020-01-01`, tenant.admin.token)).status).toBe(422);

    // The history, filtered by a disposition or by its absence.
    const bySale = (await tenant.client.get(`/api/voice/call-logs?disposition_id=${sale.id}`, tenant.admin.token)).body;
    expect(bySale.data.map((l: { disposition: { name: string } }) => l.disposition.name)).toEqual(["Sale", "Sale"]);
    const none = (await tenant.client.get("/api/voice/call-logs?disposition_id=none", tenant.admin.token)).body;
    expect(none.data).toHaveLength(1);
    expect(none.data[0].disposition).toBeNull();
    const bad = await tenant.client.get("/api/voice/call-logs?disposition_id=sale", tenant.admin.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.disposition_id).toBeDefined();

    // The contact's timeline names the call's outcome.
    const timeline = (await tenant.client.get(`/api/contacts/${contact.id}/timeline`, tenant.admin.token)).body.data as { type: string; details: Record<string, unknown> }[];
    expect(timeline.find((e) => e.type === "call")?.details).toMatchObject({ disposition: "No interest", disposition_id: noInterest.id, disposition_is_success: false });
  });
});
