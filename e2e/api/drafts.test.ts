import { describe, expect, it } from "vitest";
import { connectedInboundCall } from "../support/call-control";
import { createTenant } from "../support/factories";
import { conversationWith, textingTenant } from "../support/messages";

// Issue 45, point 1: nothing typed is lost. A call's notes and a
// conversation's reply are kept on the server as they are typed, each user's
// own; saving the notes or sending the reply drops the draft.

describe("drafts", () => {
  it("keep a user's notes for a call, theirs alone, bounded, and refuse what names no draft", async () => {
    const tenant = await createTenant();
    const path = "/api/drafts/call_notes/CA0123456789abcdef0123456789abcdef";
    const kept = await tenant.client.request("PUT", path, { token: tenant.agentA.token, body: { body: "Customer wants a refund for Mar" } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ kind: "call_notes", ref: "CA0123456789abcdef0123456789abcdef", body: "Customer wants a refund for Mar" });
    // The last write wins (a second tab typing on).
    await tenant.client.request("PUT", path, { token: tenant.agentA.token, body: { body: "Customer wants a refund for March" } });
    expect((await tenant.client.get(path, tenant.agentA.token)).body.body).toBe("Customer wants a refund for March");
    // Nobody else reads it: a colleague, their manager, another organization find no draft (an empty one).
    const none = { kind: "call_notes", body: "", updated_at: null };
    expect((await tenant.client.get(path, tenant.agentB.token)).body).toMatchObject(none);
    expect((await tenant.client.get(path, tenant.managerA.token)).body).toMatchObject(none);
    const other = await createTenant();
    expect((await other.client.get(path, other.admin.token)).body).toMatchObject(none);

    // Bad input changes nothing: 422 with the field, or 404 for what names no draft.
    const empty = await tenant.client.request("PUT", path, { token: tenant.agentA.token, body: { body: "" } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toBeDefined();
    expect((await tenant.client.request("PUT", path, { token: tenant.agentA.token, body: { body: "x".repeat(10_001) } })).status).toBe(422);
    expect((await tenant.client.get(path, tenant.agentA.token)).body.body).toBe("Customer wants a refund for March");
    expect((await tenant.client.request("PUT", "/api/drafts/diary/1", { token: tenant.agentA.token, body: { body: "hi" } })).status).toBe(404);
    expect((await tenant.client.request("PUT", "/api/drafts/reply/abc", { token: tenant.agentA.token, body: { body: "hi" } })).status).toBe(404);
    expect((await tenant.client.get(path, "not-a-token")).status).toBe(401);

    expect((await tenant.client.request("DELETE", path, { token: tenant.agentA.token })).status).toBe(204);
    expect((await tenant.client.get(path, tenant.agentA.token)).body).toMatchObject({ body: "", updated_at: null });
  });

  it("go when the notes are saved onto the call's log and when the reply is sent", async () => {
    const tenant = await createTenant();
    const { sim, number, callSid } = await connectedInboundCall(tenant);
    const notes = `/api/drafts/call_notes/${callSid}`;
    expect((await tenant.client.request("PUT", notes, { token: tenant.agentA.token, body: { body: "Half-typed notes" } })).status).toBe(200);
    await sim.dequeue({ callSid, to: number, result: "bridged", queueTime: 2 });
    const [log] = (await tenant.client.get(`/api/voice/call-logs?call_sid=${callSid}`, tenant.agentA.token)).body.data;
    // A disposition alone leaves the notes' draft; the notes saved take it.
    expect((await tenant.client.get(notes, tenant.agentA.token)).body.body).toBe("Half-typed notes");
    expect((await tenant.client.request("PATCH", `/api/voice/call-logs/${log.id}`, { token: tenant.agentA.token, body: { notes: "Half-typed notes, finished" } })).status).toBe(200);
    expect((await tenant.client.get(notes, tenant.agentA.token)).body.body).toBe("");

    const { incoming } = await textingTenant(tenant);
    await incoming("+14155550961", "Do you ship to Canada?");
    const conversation = await conversationWith(tenant, "+14155550961", tenant.agentA.token);
    const reply = `/api/drafts/reply/${conversation.id}`;
    expect((await tenant.client.request("PUT", reply, { token: tenant.agentA.token, body: { body: "Yes, we do" } })).status).toBe(200);
    expect((await tenant.client.post("/api/messages", { to: "+14155550961", body: "Yes, we do, in 5 days" }, tenant.agentA.token)).status).toBe(201);
    expect((await tenant.client.get(reply, tenant.agentA.token)).body.body).toBe("");
  });
});
