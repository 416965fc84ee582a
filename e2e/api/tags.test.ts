import { describe, expect, it } from "vitest";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";

/** Tag → active contacts carrying it, counted from the contact list itself. */
async function recount(tenant: Tenant, token: string) {
  const counts: Record<string, number> = {};
  for (let page = 1; ; page++) {
    const { body } = await tenant.client.get(`/api/contacts?per_page=100&page=${page}`, token);
    for (const contact of body.data) for (const tag of new Set<string>(contact.tags)) counts[tag] = (counts[tag] ?? 0) + 1;
    if (page >= body.meta.last_page) return counts;
  }
}

async function listedCounts(tenant: Tenant, token: string) {
  const { body } = await tenant.client.get("/api/tags", token);
  return Object.fromEntries(body.filter((t: { contact_count: number }) => t.contact_count > 0).map((t: { name: string; contact_count: number }) => [t.name, t.contact_count]));
}

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

  it("a department's manager reaches only the tags of their department's contacts: another's is 404 and nothing is created", async () => {
    const tenant = await createTenant();
    await makeContact(tenant, { tags: ["b-only"] }, tenant.managerB.token);
    await makeContact(tenant, { tags: ["a-tag"] });
    const listed = await tenant.client.get("/api/tags", tenant.managerA.token);
    expect(listed.body.map((t: { name: string }) => t.name)).toEqual(["a-tag"]);

    const rename = await tenant.client.request("PATCH", "/api/tags/b-only", { token: tenant.managerA.token, body: { name: "renamed" } });
    const merge = await tenant.client.post("/api/tags/b-only/merge", { into: "a-tag" }, tenant.managerA.token);
    const remove = await tenant.client.request("DELETE", "/api/tags/b-only", { token: tenant.managerA.token });
    expect([rename.status, merge.status, remove.status]).toEqual([404, 404, 404]);

    const admin = await tenant.client.get("/api/tags", tenant.admin.token);
    expect(admin.body).toEqual([
      { name: "a-tag", contact_count: 1, is_dnc: false },
      { name: "b-only", contact_count: 1, is_dnc: false },
    ]);
    const audit = await tenant.client.get("/api/audit-log?per_page=100", tenant.admin.token);
    expect(audit.body.data.filter((entry: { action: string }) => entry.action.startsWith("tag."))).toEqual([]);
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

  it("two concurrent renames of one tag: one renames it, the other finds it gone", async () => {
    const tenant = await createTenant();
    await Promise.all(Array.from({ length: 5 }, () => makeContact(tenant, { tags: ["spring"] })));
    for (let round = 0; round < 3; round++) {
      const from = round === 0 ? "spring" : `winner-${round - 1}`;
      const answers = await Promise.all(["a", "b"].map((side) => tenant.client.patch(`/api/tags/${from}`, { name: `${side}-${round}` }, tenant.admin.token)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      const won = answers.find((a) => a.status === 200)!.body;
      expect(won.contacts_updated).toBe(5);
      const names = (await tenant.client.get("/api/tags", tenant.admin.token)).body.map((t: { name: string }) => t.name);
      expect(names).toEqual([won.name]); // the loser's name was not registered
      await tenant.client.patch(`/api/tags/${won.name}`, { name: `winner-${round}` }, tenant.admin.token);
    }
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

  it("refuses a name holding half a surrogate pair (\\ud800) on rename, merge and contact writes with 422, changing nothing", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant, { tags: ["plain"] });
    for (const bad of ["\ud800", "a\udc00b", "\udfff\ud800"]) {
      const renamed = await tenant.client.patch("/api/tags/plain", { name: bad }, tenant.admin.token);
      expect([renamed.status, Object.keys(renamed.body.errors)]).toEqual([422, ["name"]]);
      const merged = await tenant.client.post("/api/tags/plain/merge", { into: bad }, tenant.admin.token);
      expect([merged.status, Object.keys(merged.body.errors)]).toEqual([422, ["into"]]);
      const tagged = await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.admin.token, body: { tags: ["plain", bad] } });
      expect([tagged.status, Object.keys(tagged.body.errors)]).toEqual([422, ["tags.1"]]);
    }
    // A whole pair (an emoji) is a name like any other.
    expect((await tenant.client.patch("/api/tags/plain", { name: "star \u{1F31F}" }, tenant.admin.token)).status).toBe(200);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).body.tags).toEqual(["star \u{1F31F}"]);
    expect((await tenant.client.get("/api/tags", tenant.admin.token)).body.map((t: { name: string }) => t.name)).toEqual(["star \u{1F31F}"]);
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

  it("keeps counts equal to the contacts through every kind of write", async () => {
    const tenant = await createTenant();
    const { admin, managerA, managerB } = tenant;
    const a1 = await makeContact(tenant, { tags: ["vip", "gold"] });
    const a2 = await makeContact(tenant, { tags: ["vip", "vip", "lead"] });
    const a3 = await makeContact(tenant, { tags: ["lead"] });
    const b1 = await makeContact(tenant, { tags: ["vip", "silver"] }, managerB.token);
    const b2 = await makeContact(tenant, { tags: ["gold"] }, managerB.token);
    const put = (id: number, body: object, token = admin.token) => tenant.client.request("PUT", `/api/contacts/${id}`, { token, body });
    const steps: [string, () => Promise<unknown>][] = [
      ["edit tags", () => put(a1.id, { tags: ["gold", "platinum"] })],
      ["edit something else", () => put(a2.id, { company: "Acme" })],
      ["archive", () => tenant.client.delete(`/api/contacts/${a3.id}`, admin.token)],
      ["move department", () => put(b1.id, { department_id: tenant.departments.a.id })],
      [
        "bulk create",
        () =>
          tenant.client.post(
            "/api/contacts/bulk",
            [
              { name: "Bulk", phone: uniquePhone(), tags: ["vip", "bulk"] },
              { name: "", phone: "bad", tags: ["never"] },
            ],
            managerA.token,
          ),
      ],
      ["bulk add tags", () => tenant.client.post("/api/contacts/bulk-actions", { action: "add_tags", ids: [a1.id, a2.id], tags: ["q4"] }, admin.token)],
      ["bulk remove tags", () => tenant.client.post("/api/contacts/bulk-actions", { action: "remove_tags", ids: [a2.id], tags: ["vip"] }, admin.token)],
      ["restore", () => tenant.client.post(`/api/contacts/${a3.id}/restore`, undefined, admin.token)],
      ["merge contacts", () => tenant.client.post("/api/contacts/merge", { primary_id: a1.id, duplicate_ids: [b2.id], merge_tags: true, merge_notes: false, merge_call_history: true }, admin.token)],
      ["rename tag", () => tenant.client.patch("/api/tags/lead", { name: "prospect" }, admin.token)],
      ["merge tag", () => tenant.client.post("/api/tags/q4/merge", { into: "gold" }, admin.token)],
      ["bulk archive", () => tenant.client.post("/api/contacts/bulk-actions", { action: "archive", ids: [a2.id] }, admin.token)],
      ["delete permanently", () => tenant.client.delete(`/api/contacts/${b1.id}?permanent=true`, admin.token)],
    ];
    for (const [step, run] of steps) {
      const response = (await run()) as { status: number };
      expect(response.status, step).toBeLessThan(300);
      expect(await listedCounts(tenant, admin.token), step).toEqual(await recount(tenant, admin.token));
      expect(await listedCounts(tenant, managerA.token), step).toEqual(await recount(tenant, managerA.token));
    }
    expect(await listedCounts(tenant, admin.token)).toEqual({ gold: 1, platinum: 1, prospect: 1, vip: 1, bulk: 1 });
  });
});
