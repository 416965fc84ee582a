import { describe, expect, it } from "vitest";
import { connectedInboundCall } from "../support/call-control";
import { createTenant, type Tenant } from "../support/factories";

// Issue 22: wrap-up dispositions. Managers keep the organization's codes; the
// agent picks one at wrap-up (required when the organization says so); the
// call log keeps it and the reports count calls by it.

/** An inbound call the agent answered and the caller ended: the agent is in wrap-up; its call log id. */
async function wrappedUpCall(tenant: Tenant): Promise<number> {
  const { sim, number, callSid } = await connectedInboundCall(tenant);
  expect((await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 3 })).status).toBe(200);
  expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");
  const [log] = (await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data;
  return log.id;
}

describe("dispositions", () => {
  it("managers keep the list (409 on a name the organization has, 422 on an empty one, 403 for agents); agents read it in order", async () => {
    const tenant = await createTenant();
    const sale = await tenant.client.post("/api/dispositions", { name: "Sale", is_success: true }, tenant.managerA.token);
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ name: "Sale", is_success: true, archived: false });
    expect((await tenant.client.post("/api/dispositions", { name: "Wrong number" }, tenant.admin.token)).status).toBe(201);
    expect((await tenant.client.post("/api/dispositions", { name: "Sale" }, tenant.admin.token)).status).toBe(409);
    const empty = await tenant.client.post("/api/dispositions", { name: "  " }, tenant.admin.token);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toBeDefined();
    expect((await tenant.client.post("/api/dispositions", { name: "Mine" }, tenant.agentA.token)).status).toBe(403);
    const list = await tenant.client.get("/api/dispositions", tenant.agentA.token);
    expect(list.body).toMatchObject({
      required: false,
      data: [
        { name: "Sale", is_success: true },
        { name: "Wrong number", is_success: false },
      ],
    });
    // Another organization sees none of them and cannot change them.
    const other = await createTenant();
    expect((await other.client.get("/api/dispositions", other.admin.token)).body.data).toEqual([]);
    expect((await other.client.request("PATCH", `/api/dispositions/${sale.body.id}`, { token: other.admin.token, body: { name: "Mine" } })).status).toBe(404);
  });

  it("a required disposition keeps the agent in wrap-up until picked; the log keeps it, reports count it, a code in use is archived not deleted", async () => {
    const tenant = await createTenant();
    const sale = (await tenant.client.post("/api/dispositions", { name: "Sale", is_success: true }, tenant.managerA.token)).body;
    const unused = (await tenant.client.post("/api/dispositions", { name: "Unused" }, tenant.managerA.token)).body;
    expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.managerA.token, body: { disposition_required: true } })).status).toBe(403);
    expect((await tenant.client.request("PUT", "/api/settings/calls", { token: tenant.admin.token, body: { disposition_required: true } })).status).toBe(200);

    const logId = await wrappedUpCall(tenant);
    const refused = await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.disposition_id).toBeDefined();
    expect((await tenant.client.get("/api/agent/status", tenant.agentA.token)).body.status).toBe("wrap_up");

    // Another organization's code, or an archived one, is not a disposition of this call.
    const other = await createTenant();
    const foreign = (await other.client.post("/api/dispositions", { name: "Theirs" }, other.admin.token)).body;
    expect((await tenant.client.request("PATCH", `/api/voice/call-logs/${logId}`, { token: tenant.agentA.token, body: { disposition_id: foreign.id } })).status).toBe(422);
    const picked = await tenant.client.request("PATCH", `/api/voice/call-logs/${logId}`, { token: tenant.agentA.token, body: { notes: "Bought the plan", disposition_id: sale.id } });
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ notes: "Bought the plan", disposition_id: sale.id, disposition: { name: "Sale", is_success: true }, hold_seconds: 0, parent_call_sid: null });
    expect((await tenant.client.post("/api/agent/status", { status: "available" }, tenant.agentA.token)).status).toBe(200);

    const summary = await tenant.client.get("/api/reports/summary", tenant.admin.token);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ by_disposition: [{ disposition_id: sale.id, name: "Sale", is_success: true, calls: 1 }], hold_seconds: 0, transfers: 0 });

    // In use: archived (the call keeps its word); unused: deleted.
    expect((await tenant.client.request("DELETE", `/api/dispositions/${sale.id}`, { token: tenant.managerA.token })).status).toBe(204);
    expect((await tenant.client.request("DELETE", `/api/dispositions/${unused.id}`, { token: tenant.managerA.token })).status).toBe(204);
    expect((await tenant.client.get("/api/dispositions", tenant.agentA.token)).body.data).toEqual([]);
    expect((await tenant.client.get("/api/dispositions?include_archived=true", tenant.admin.token)).body.data).toEqual([expect.objectContaining({ id: sale.id, archived: true })]);
    expect((await tenant.client.get("/api/voice/call-logs", tenant.agentA.token)).body.data[0].disposition).toMatchObject({ name: "Sale" });
    expect((await tenant.client.request("PATCH", `/api/voice/call-logs/${logId}`, { token: tenant.agentA.token, body: { disposition_id: sale.id } })).status).toBe(422);
  });
});
