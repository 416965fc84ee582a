import { describe, expect, it } from "vitest";
import { makeContact } from "../support/contacts";
import { createTenant } from "../support/factories";

describe("tags", () => {
  it("lists tags with contact counts in the caller's scope and flags DNC whatever its case", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { tags: ["vip", "dnc"] });
    await makeContact(tenant, { tags: ["vip"] });
    await makeContact(tenant, { tags: ["vip", "other-dept"] }, tenant.managerB.token);
    const admin = await tenant.client.get("/api/tags", tenant.admin.token);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual([
      { name: "vip", contact_count: 3, is_dnc: false },
      { name: "dnc", contact_count: 1, is_dnc: true },
      { name: "other-dept", contact_count: 1, is_dnc: false },
    ]);
    const manager = await tenant.client.get("/api/tags", tenant.managerA.token);
    expect(manager.body.find((t: { name: string }) => t.name === "vip").contact_count).toBe(2);
  });

  it("renames a tag on every contact, keeping one copy where both existed", async () => {
    const tenant = await createTenant();
    const a = await makeContact(tenant, { tags: ["customer", "vip", "gold"] });
    const b = await makeContact(tenant, { tags: ["customer"] });
    const renamed = await tenant.client.patch("/api/tags/customer", { name: "vip" }, tenant.admin.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body.contacts_updated).toBe(2);
    expect((await tenant.client.get(`/api/contacts/${a.id}`, tenant.admin.token)).body.tags).toEqual(["vip", "gold"]);
    expect((await tenant.client.get(`/api/contacts/${b.id}`, tenant.admin.token)).body.tags).toEqual(["vip"]);
    const tags = (await tenant.client.get("/api/tags", tenant.admin.token)).body.map((t: { name: string }) => t.name);
    expect(tags).not.toContain("customer");
    expect((await tenant.client.patch("/api/tags/missing", { name: "x" }, tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.patch("/api/tags/vip", { name: "" }, tenant.admin.token)).status).toBe(422);
  });

  it("merges a tag into another", async () => {
    const tenant = await createTenant();
    const a = await makeContact(tenant, { tags: ["prospect"] });
    await makeContact(tenant, { tags: ["lead"] });
    const merged = await tenant.client.post("/api/tags/prospect/merge", { into: "lead" }, tenant.managerA.token);
    expect(merged.status).toBe(200);
    expect((await tenant.client.get(`/api/contacts/${a.id}`, tenant.admin.token)).body.tags).toEqual(["lead"]);
    const lead = (await tenant.client.get("/api/tags", tenant.admin.token)).body.find((t: { name: string }) => t.name === "lead");
    expect(lead.contact_count).toBe(2);
  });

  it("deletes a tag only when no contact uses it (409 otherwise)", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant, { tags: ["temp"] });
    const refused = await tenant.client.delete("/api/tags/temp", tenant.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual(expect.any(String));
    await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.admin.token, body: { tags: [] } });
    expect((await tenant.client.get("/api/tags", tenant.admin.token)).body).toEqual([{ name: "temp", contact_count: 0, is_dnc: false }]);
    expect((await tenant.client.delete("/api/tags/temp", tenant.admin.token)).status).toBe(204);
    expect((await tenant.client.get("/api/tags", tenant.admin.token)).body).toEqual([]);
    expect((await tenant.client.delete("/api/tags/temp", tenant.admin.token)).status).toBe(404);
  });

  it("handles tag names that need URL encoding", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { tags: ["50% off/vip"] });
    const renamed = await tenant.client.patch(`/api/tags/${encodeURIComponent("50% off/vip")}`, { name: "promo" }, tenant.admin.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body.contacts_updated).toBe(1);
  });
});
