import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";
import { giveNumber, provider } from "../support/provider";

// The endpoints the web pages lean on beyond the contract's: bulk actions on
// selected contacts, the softphone's contact lookup, call logs by CallSid,
// and the in-app provider simulator's switch.

describe("contact bulk actions", () => {
  it("tags, untags, archives and restores the selected contacts the caller may change, and nothing else", async () => {
    const tenant = await createTenant();
    const [one, two] = await Promise.all([makeContact(tenant, { tags: ["vip"] }), makeContact(tenant)]);
    const other = await makeContact(tenant, {}, tenant.managerB.token);
    const act = (body: object, token = tenant.managerA.token) => tenant.client.post("/api/contacts/bulk-actions", body, token);

    const tagged = await act({ action: "add_tags", ids: [one.id, two.id, other.id], tags: ["vip", "spring"] });
    expect(tagged.status).toBe(200);
    expect(tagged.body).toEqual({ action: "add_tags", requested: 3, updated: 2 });
    const read = async (id: number, token = tenant.managerA.token) => (await tenant.client.get(`/api/contacts/${id}`, token)).body;
    expect((await read(one.id)).tags).toEqual(["vip", "spring"]);
    expect((await read(two.id)).tags).toEqual(["vip", "spring"]);
    expect((await read(other.id, tenant.managerB.token)).tags).toEqual([]); // another department: untouched
    const tags = (await tenant.client.get("/api/tags", tenant.managerA.token)).body;
    expect(tags).toContainEqual(expect.objectContaining({ name: "spring", contact_count: 2 }));

    expect((await act({ action: "remove_tags", ids: [one.id], tags: ["vip"] })).body.updated).toBe(1);
    expect((await read(one.id)).tags).toEqual(["spring"]);

    expect((await act({ action: "archive", ids: [one.id, two.id] })).body.updated).toBe(2);
    expect((await read(one.id)).status).toBe("archived");
    expect((await act({ action: "restore", ids: [one.id] })).body.updated).toBe(1);
    expect((await read(one.id)).status).toBe("active");

    // Opting out: only contacts in scope not yet opted out; an earlier opt-out keeps its date.
    const first = await act({ action: "opt_out", ids: [one.id] });
    expect(first.body).toEqual({ action: "opt_out", requested: 1, updated: 1 });
    const dated = (await read(one.id)).opted_out_at;
    expect(dated).not.toBeNull();
    expect((await act({ action: "opt_out", ids: [one.id, two.id, other.id] })).body.updated).toBe(1);
    expect(await read(one.id)).toMatchObject({ opted_out: true, opted_out_at: dated });
    expect((await read(two.id)).opted_out).toBe(true);
    expect((await read(other.id, tenant.managerB.token)).opted_out).toBe(false);
  });

  it("refuses bad input with 422 and agents with 403, changing nothing", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant);
    for (const body of [
      { action: "explode", ids: [contact.id] },
      { action: "add_tags", ids: [] },
      { action: "add_tags", ids: [contact.id], tags: [""] },
      { action: "archive", ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
    ]) {
      const response = await tenant.client.post("/api/contacts/bulk-actions", body, tenant.managerA.token);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.body.errors).toBeDefined();
    }
    expect((await tenant.client.post("/api/contacts/bulk-actions", { action: "archive", ids: [contact.id] }, tenant.agentA.token)).status).toBe(403);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token)).body.status).toBe("active");
  });
});

describe("softphone contact lookup", () => {
  it("finds contacts by name or digits within the agent's department, and a caller by exact phone in the organization", async () => {
    const tenant = await createTenant();
    const mine = await makeContact(tenant, { name: "Lookup Lovelace", company: "Engines" });
    const theirs = await makeContact(tenant, { name: "Lookup Babbage" }, tenant.managerB.token);
    const lookup = (q: string, token = tenant.agentA.token) => tenant.client.get(`/api/contacts/lookup?${q}`, token);

    const byName = await lookup("q=lookup");
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    expect(byName.body.data[0]).toMatchObject({ name: "Lookup Lovelace", phone: mine.phone, company: "Engines", opted_out: false });
    expect((await lookup(`q=${mine.phone.slice(2, 9)}`)).body.data.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    expect((await lookup(`phone=${encodeURIComponent(theirs.phone)}`)).body.data.map((c: { id: number }) => c.id)).toEqual([theirs.id]);

    const outsider = await createTenant();
    expect((await lookup(`phone=${encodeURIComponent(mine.phone)}`, outsider.agentA.token)).body.data).toEqual([]);
    expect((await lookup("")).status).toBe(422);
    expect((await tenant.client.get("/api/contacts/lookup?q=x")).status).toBe(401);
    const refused = await makeContact(tenant, { name: "Lookup Refuser", opted_out: true });
    expect((await lookup(`phone=${encodeURIComponent(refused.phone)}`)).body.data).toEqual([expect.objectContaining({ id: refused.id, opted_out: true })]);
    expect((await lookup(`phone=${encodeURIComponent(refused.phone)}`)).body.data[0]).not.toHaveProperty("opted_out_at");
  });
});

describe("call logs by CallSid and the provider simulator switch", () => {
  it("finds one call log by its CallSid with the contact's name", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant, { name: "Sid Person" });
    const sim = provider();
    const call = await sim.manualCall({ identity: `user_${tenant.agentA.id}`, to: contact.phone, contactId: contact.id });
    await sim.manualStatus({ callSid: call.callSid, identity: `user_${tenant.agentA.id}`, to: contact.phone, status: "completed", duration: 12, contactId: contact.id });
    const logs = await tenant.client.get(`/api/voice/call-logs?call_sid=${call.callSid}`, tenant.agentA.token);
    expect(logs.body.data).toHaveLength(1);
    expect(logs.body.data[0]).toMatchObject({ call_sid: call.callSid, contact_name: "Sid Person", duration: 12 });
  });

  it("is off for an organization whose callbacks are signed (a provider auth token is configured)", async () => {
    const tenant = await createTenant();
    await giveNumber(tenant);
    const status = await tenant.client.get("/api/dev/simulator", tenant.agentA.token);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ enabled: false, identity: `user_${tenant.agentA.id}` });
    expect((await tenant.client.post("/api/dev/simulator", { action: "inbound" }, tenant.agentA.token)).status).toBe(404);
    expect((await tenant.client.post("/api/dev/simulator", { action: "nope" }, tenant.agentA.token)).status).toBe(422);
    expect((await tenant.client.get("/api/queue/calls", tenant.agentA.token)).body.data).toEqual([]);
  });
});

describe("duplicate search", () => {
  it("narrows the duplicate groups to those whose key contains the text", async () => {
    const tenant = await createTenant();
    // Same names at the same company: more than a similar name, so offered.
    const twin = (name: string, company: string) => makeContact(tenant, { name, company });
    await Promise.all([twin("Quentin Duplicate", "Q Ltd"), twin("Quentin Duplicate", "Q Ltd"), twin("Other Twin", "Twin Co"), twin("Other Twin", "Twin Co")]);
    const all = (await tenant.client.get("/api/contacts/duplicates?reason=name", tenant.managerA.token)).body.data;
    expect(all.length).toBe(2);
    const found = (await tenant.client.get("/api/contacts/duplicates?reason=name&q=quentin", tenant.managerA.token)).body;
    expect(found.data).toHaveLength(1);
    expect(found.data[0].contacts.map((c: { name: string }) => c.name)).toEqual(["Quentin Duplicate", "Quentin Duplicate"]);
    expect(found.meta.total).toBe(1);
  });
});
