import { describe, expect, it } from "vitest";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { ALL_DAY } from "../support/campaigns";

// Long operations over many contacts answer 202 with an operation that runs
// as a job in batches; small ones still finish inside the request (200).

const ASYNC = { Prefer: "respond-async" };

async function settle(tenant: Tenant, url: string, token: string) {
  for (let i = 0; i < 300; i++) {
    const response = await tenant.client.get(url, token);
    expect(response.status).toBe(200);
    if (["completed", "failed"].includes(response.body.status)) return response.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("operation did not finish");
}

async function manyContacts(tenant: Tenant, count: number, tags: string[], token = tenant.managerA.token) {
  const items = Array.from({ length: count }, (_, i) => ({ name: `Bulk ${i}`, phone: uniquePhone(), tags }));
  const response = await tenant.client.post("/api/contacts/bulk", items, token);
  expect(response.body).toMatchObject({ created: count, failed: 0 });
}

describe("long operations", () => {
  it("renames a tag carried by more contacts than a request should hold as an operation, batch by batch, to the same result", async () => {
    const tenant = await createTenant();
    await manyContacts(tenant, 2_500, ["spring-list"]);
    const accepted = await tenant.client.request("PATCH", "/api/tags/spring-list", { token: tenant.managerA.token, body: { name: "spring-2027" } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.operation).toMatchObject({ kind: "tag.rename", total: 2_500, input: { from: "spring-list", to: "spring-2027" } });
    expect(["queued", "running"]).toContain(accepted.body.operation.status);
    expect(accepted.headers.get("location")).toBe(`/api/operations/${accepted.body.operation.id}`);

    const done = await settle(tenant, accepted.body.operation.url, tenant.managerA.token);
    expect(done).toMatchObject({ status: "completed", progress: 100, done: 2_500, changed: 2_500, result: { name: "spring-2027", contacts_updated: 2_500 }, error: null });
    const tags = (await tenant.client.get("/api/tags", tenant.managerA.token)).body;
    const names = (Array.isArray(tags) ? tags : tags.data).map((t: { name: string }) => t.name);
    expect(names).toContain("spring-2027");
    expect(names).not.toContain("spring-list");
    const audit = await tenant.client.get("/api/audit-log?per_page=100", tenant.admin.token);
    expect(audit.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "tag.rename", details: expect.objectContaining({ from: "spring-list", to: "spring-2027", contacts: 2_500 }) })]),
    );

    // The owner's list of operations, newest first.
    const list = await tenant.client.get("/api/operations?status=completed", tenant.managerA.token);
    expect(list.body.data[0]).toMatchObject({ id: done.id, status: "completed" });
    expect(list.body.meta.total).toBe(1);
  });

  it("a small change stays inside the request, unless the client prefers an asynchronous answer", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { tags: ["vip"] });
    await makeContact(tenant, { tags: ["vip", "gold"] });
    const inline = await tenant.client.post("/api/tags/vip/merge", { into: "gold" }, tenant.managerA.token);
    expect(inline.status).toBe(200);
    expect(inline.body).toEqual({ name: "gold", contacts_updated: 2 });

    const later = await tenant.client.request("POST", "/api/tags/gold/merge", { token: tenant.managerA.token, body: { into: "platinum" }, headers: ASYNC });
    expect(later.status).toBe(202);
    const done = await settle(tenant, later.body.operation.url, tenant.managerA.token);
    expect(done.result).toEqual({ name: "platinum", contacts_updated: 2 });
    const contacts = (await tenant.client.get("/api/contacts?tags=platinum", tenant.managerA.token)).body.data;
    expect(contacts.map((c: { tags: string[] }) => c.tags)).toEqual([["platinum"], ["platinum"]]);
    // Unknown tag: 404 before any operation starts.
    expect((await tenant.client.request("PATCH", "/api/tags/nobody-has-it", { token: tenant.managerA.token, body: { name: "x" }, headers: ASYNC })).status).toBe(404);
    expect((await tenant.client.get("/api/operations", tenant.managerA.token)).body.meta.total).toBe(1);
  });

  it("deletes a custom field at once and erases its values from contacts as an operation", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/custom-fields", { name: "shoe_size", label: "Shoe size", field_type: "integer" }, tenant.admin.token)).status).toBe(201);
    const field = (await tenant.client.get("/api/custom-fields", tenant.admin.token)).body.data.find((f: { name: string }) => f.name === "shoe_size");
    const holders = await Promise.all([41, 42, 43].map((size) => makeContact(tenant, { custom_fields: { shoe_size: size } })));
    const accepted = await tenant.client.request("DELETE", `/api/custom-fields/${field.id}?confirm=true`, { token: tenant.admin.token, headers: ASYNC });
    expect(accepted.status).toBe(202);
    expect(accepted.body.operation).toMatchObject({ kind: "custom_field.erase", total: 3 });
    // The definition is gone at once.
    expect((await tenant.client.get("/api/custom-fields", tenant.admin.token)).body.data.map((f: { name: string }) => f.name)).not.toContain("shoe_size");
    const done = await settle(tenant, accepted.body.operation.url, tenant.admin.token);
    expect(done.result).toEqual({ deleted: true, name: "shoe_size", contacts_erased: 3 });
    for (const holder of holders) {
      expect((await tenant.client.get(`/api/contacts/${holder.id}`, tenant.admin.token)).body.custom_fields).toEqual({});
    }
    // The operation is the admin's: a department's manager does not see it.
    expect((await tenant.client.get(accepted.body.operation.url, tenant.managerA.token)).status).toBe(404);
  });

  it("applies a bulk action to every contact a filter matches, leaving contacts of active campaigns unarchived", async () => {
    const tenant = await createTenant();
    await manyContacts(tenant, 30, ["autumn"]);
    const other = await makeContact(tenant, { tags: ["winter"] });
    const tagged = await tenant.client.post("/api/contacts/bulk-actions", { action: "add_tags", tags: ["called-in-2026"], filter: { tags: "autumn" } }, tenant.managerA.token);
    expect(tagged.status).toBe(202);
    expect(tagged.body.operation).toMatchObject({ kind: "contacts.bulk", total: 30 });
    expect((await settle(tenant, tagged.body.operation.url, tenant.managerA.token)).result).toEqual({ action: "add_tags", updated: 30 });
    expect((await tenant.client.get("/api/contacts?tags=called-in-2026&per_page=1", tenant.managerA.token)).body.meta.total).toBe(30);
    expect((await tenant.client.get(`/api/contacts/${other.id}`, tenant.managerA.token)).body.tags).toEqual(["winter"]);

    const inCampaign = (await tenant.client.get("/api/contacts?tags=autumn&per_page=1", tenant.managerA.token)).body.data[0];
    const campaign = await tenant.client.post(
      "/api/campaigns",
      { name: "Autumn calls", calling_window: ALL_DAY, dialing_mode: "preview", selection: { contact_ids: [inCampaign.id] } },
      tenant.managerA.token,
    );
    expect((await tenant.client.post(`/api/campaigns/${campaign.body.id}/start`, {}, tenant.managerA.token)).status).toBe(200);
    const archived = await tenant.client.post("/api/contacts/bulk-actions", { action: "archive", filter: { tags: "autumn" } }, tenant.managerA.token);
    expect(archived.status).toBe(202);
    expect(archived.body.operation.total).toBe(29);
    expect((await settle(tenant, archived.body.operation.url, tenant.managerA.token)).result).toEqual({ action: "archive", updated: 29 });
    const left = (await tenant.client.get("/api/contacts?tags=autumn", tenant.managerA.token)).body.data;
    expect(left.map((c: { id: number }) => c.id)).toEqual([inCampaign.id]);

    // Another department's manager reaches none of them (their scope is the operation's too).
    const foreign = await tenant.client.post("/api/contacts/bulk-actions", { action: "opt_out", filter: { tags: "called-in-2026", status: "all" } }, tenant.managerB.token);
    expect(foreign.status).toBe(202);
    expect(foreign.body.operation.total).toBe(0);
    expect((await settle(tenant, foreign.body.operation.url, tenant.managerB.token)).result).toEqual({ action: "opt_out", updated: 0 });
  });

  it("refuses a selection that is both or neither, an unknown filter, and keeps operations to those who may read them", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const contact = await makeContact(tenant, { tags: ["x"] });
    const both = await tenant.client.post("/api/contacts/bulk-actions", { action: "archive", ids: [contact.id], filter: { tags: "x" } }, tenant.managerA.token);
    expect(both.status).toBe(422);
    expect(both.body.errors.ids[0]).toContain("either ids");
    expect((await tenant.client.post("/api/contacts/bulk-actions", { action: "archive" }, tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.post("/api/contacts/bulk-actions", { action: "archive", filter: { colour: "red" } }, tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.post("/api/contacts/bulk-actions", { action: "archive", filter: { created_from: "2026-05-01", created_to: "2026-04-01" } }, tenant.managerA.token)).status).toBe(422);

    const started = await tenant.client.request("PATCH", "/api/tags/x", { token: tenant.managerA.token, body: { name: "y" }, headers: ASYNC });
    const url = started.body.operation.url;
    await settle(tenant, url, tenant.managerA.token);
    expect((await tenant.client.get(url, tenant.admin.token)).status).toBe(200);
    expect((await tenant.client.get(url, tenant.managerB.token)).status).toBe(404);
    expect((await tenant.client.get(url, tenant.agentA.token)).status).toBe(403);
    expect((await other.client.get(url, other.admin.token)).status).toBe(404);
    expect((await tenant.client.get("/api/operations/not-a-uuid", tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.get("/api/operations?status=sleeping", tenant.admin.token)).status).toBe(422);
  });
});
