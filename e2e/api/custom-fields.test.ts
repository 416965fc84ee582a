import { describe, expect, it } from "vitest";
import { makeContact, uniquePhone } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";

async function field(tenant: Tenant, body: Record<string, unknown>) {
  const response = await tenant.client.post("/api/custom-fields", body, tenant.admin.token);
  if (response.status !== 201) throw new Error(`custom field: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

describe("custom field definitions", () => {
  it("account admins create every type; managers and agents cannot change them", async () => {
    const tenant = await createTenant();
    const types = ["text_short", "text_long", "integer", "decimal", "date", "dropdown", "checkbox"];
    for (const type of types) {
      await field(tenant, { name: `f_${type}`, label: type, field_type: type, ...(type === "dropdown" && { options: ["A", "B"] }) });
    }
    const list = await tenant.client.get("/api/custom-fields", tenant.admin.token);
    expect(list.body.data.map((f: { field_type: string }) => f.field_type)).toEqual(types);
    expect((await tenant.client.post("/api/custom-fields", { name: "x", label: "X", field_type: "integer" }, tenant.managerA.token)).status).toBe(403);
    expect((await tenant.client.post("/api/custom-fields", { name: "x", label: "X", field_type: "integer" }, tenant.agentA.token)).status).toBe(403);
  });

  it("validates definitions: snake_case names, known types, dropdown options, unique names", async () => {
    const tenant = await createTenant();
    const post = (body: object) => tenant.client.post("/api/custom-fields", body, tenant.admin.token);
    expect((await post({ name: "Bad Name", label: "x", field_type: "integer" })).body.errors.name).toBeDefined();
    expect((await post({ name: "ok", label: "x", field_type: "colour" })).body.errors.field_type).toBeDefined();
    expect((await post({ name: "ok", label: "x", field_type: "dropdown" })).body.errors.options).toBeDefined();
    expect((await post({ name: "ok", label: "x", field_type: "integer", visible_to: ["king"] })).status).toBe(422);
    await field(tenant, { name: "ok", label: "x", field_type: "integer" });
    expect((await post({ name: "ok", label: "y", field_type: "integer" })).status).toBe(409);
  });

  it("types contact values by their definition and enforces required fields", async () => {
    const tenant = await createTenant();
    await field(tenant, { name: "age", label: "Age", field_type: "integer" });
    await field(tenant, { name: "score", label: "Score", field_type: "decimal" });
    await field(tenant, { name: "birthday", label: "Birthday", field_type: "date" });
    await field(tenant, { name: "plan", label: "Plan", field_type: "dropdown", options: ["Basic", "Pro"] });
    await field(tenant, { name: "vip", label: "VIP", field_type: "checkbox" });
    await field(tenant, { name: "source", label: "Source", field_type: "text_short", required: true });
    const post = (custom_fields: object) => tenant.client.post("/api/contacts", { name: "X", phone: uniquePhone(), custom_fields }, tenant.managerA.token);

    const missing = await post({ age: 3 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors["custom_fields.source"]).toBeDefined();
    const bad = await post({ source: "web", age: 1.5, score: "x", birthday: "2023-02-30", plan: "Gold", vip: "maybe", unknown: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ["custom_fields.age", "custom_fields.birthday", "custom_fields.plan", "custom_fields.score", "custom_fields.unknown", "custom_fields.vip"].sort(),
    );
    const good = await post({ source: "web", age: "42", score: 9.5, birthday: "1990-01-31", plan: "pro", vip: "yes" });
    expect(good.status).toBe(201);
    expect(good.body.custom_fields).toEqual({ source: "web", age: 42, score: 9.5, birthday: "1990-01-31", plan: "Pro", vip: true });
    const big = await post({ source: "x".repeat(300) });
    expect(big.status).toBe(422);
  });

  it("shows each role only the fields visible to it", async () => {
    const tenant = await createTenant();
    await field(tenant, { name: "secret", label: "Secret", field_type: "text_short", visible_to: ["account_admin", "super_admin"] });
    await field(tenant, { name: "public", label: "Public", field_type: "text_short" });
    const contact = await makeContact(tenant, { department_id: tenant.departments.a.id, custom_fields: { secret: "s", public: "p" } }, tenant.admin.token);
    expect(contact.custom_fields).toEqual({ secret: "s", public: "p" });
    const asManager = await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(asManager.status, JSON.stringify(asManager.body)).toBe(200);
    expect(asManager.body.custom_fields).toEqual({ public: "p" });
    expect(asManager.body.custom_field_definitions.map((d: { name: string }) => d.name)).toEqual(["public"]);
    expect((await tenant.client.get("/api/custom-fields", tenant.agentA.token)).body.data.map((d: { name: string }) => d.name)).toEqual(["public"]);
    // A manager cannot write a field hidden from them, and keeps the hidden value when editing.
    const write = await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body: { custom_fields: { secret: "x" } } });
    expect(write.status).toBe(422);
    await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body: { custom_fields: { public: "q" } } });
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).body.custom_fields).toEqual({ secret: "s", public: "q" });
  });

  it("archive hides a field and keeps its values; delete erases them everywhere after confirmation", async () => {
    const tenant = await createTenant();
    const def = await field(tenant, { name: "colour", label: "Colour", field_type: "text_short" });
    const contact = await makeContact(tenant, { custom_fields: { colour: "blue" } });
    const archivedAt = (await tenant.client.post(`/api/custom-fields/${def.id}/archive`, undefined, tenant.admin.token)).body.archived_at;
    expect(archivedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    // Archiving again keeps the date it was archived.
    expect((await tenant.client.post(`/api/custom-fields/${def.id}/archive`, undefined, tenant.admin.token)).body.archived_at).toBe(archivedAt);
    expect((await tenant.client.post(`/api/custom-fields/999999/archive`, undefined, tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).body.custom_fields).toEqual({});
    expect((await tenant.client.get("/api/custom-fields", tenant.admin.token)).body.data).toEqual([]);
    expect((await tenant.client.get("/api/custom-fields?include_archived=true", tenant.admin.token)).body.data).toHaveLength(1);
    await tenant.client.delete(`/api/custom-fields/${def.id}/archive`, tenant.admin.token);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).body.custom_fields).toEqual({ colour: "blue" });

    const unconfirmed = await tenant.client.delete(`/api/custom-fields/${def.id}`, tenant.admin.token);
    expect(unconfirmed.status).toBe(422);
    const deleted = await tenant.client.request("DELETE", `/api/custom-fields/${def.id}`, { token: tenant.admin.token, body: { confirm: true } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.contacts_erased).toBe(1);
    await field(tenant, { name: "colour", label: "Colour again", field_type: "text_short" });
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.admin.token)).body.custom_fields).toEqual({});

    // The query may confirm instead of the body (some clients send none with DELETE); false confirms nothing.
    const again = await field(tenant, { name: "size", label: "Size", field_type: "text_short" });
    expect((await tenant.client.delete(`/api/custom-fields/${again.id}?confirm=false`, tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.request("DELETE", `/api/custom-fields/${again.id}`, { token: tenant.admin.token, body: { confirm: false } })).status).toBe(422);
    expect((await tenant.client.delete(`/api/custom-fields/${again.id}?confirm=yes`, tenant.admin.token)).status).toBe(422);
    const byQuery = await tenant.client.delete(`/api/custom-fields/${again.id}?confirm=true`, tenant.admin.token);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ deleted: true, name: "size" });
  });

  it("reorders fields and refuses ids of another organization", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const a = await field(tenant, { name: "a", label: "A", field_type: "integer" });
    const b = await field(tenant, { name: "b", label: "B", field_type: "integer" });
    const c = await field(tenant, { name: "c", label: "C", field_type: "integer" });
    const reordered = await tenant.client.request("PUT", "/api/custom-fields/order", { token: tenant.admin.token, body: { ids: [c.id, a.id] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.map((f: { name: string }) => f.name)).toEqual(["c", "a", "b"]);
    const foreign = await field(other, { name: "z", label: "Z", field_type: "integer" });
    expect((await tenant.client.request("PUT", "/api/custom-fields/order", { token: tenant.admin.token, body: { ids: [foreign.id] } })).status).toBe(422);
    expect((await tenant.client.patch(`/api/custom-fields/${foreign.id}`, { label: "hack" }, tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.patch(`/api/custom-fields/${b.id}`, { label: "Bee", field_type: "text_short" }, tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.patch(`/api/custom-fields/${b.id}`, { label: "Bee" }, tenant.admin.token)).body.label).toBe("Bee");
  });

  it("keeps every field of saves that arrive together, each naming another field", async () => {
    const tenant = await createTenant();
    const names = Array.from({ length: 6 }, (_, i) => `field_${i}`);
    for (const name of names) await field(tenant, { name, label: name, field_type: "text_short" });
    const contact = await makeContact(tenant, {});
    const saves = await Promise.all(
      names.map((name) => tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body: { custom_fields: { [name]: `set ${name}` } } })),
    );
    expect(saves.map((save) => save.status)).toEqual(names.map(() => 200));
    const stored = (await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token)).body.custom_fields;
    expect(stored).toEqual(Object.fromEntries(names.map((name) => [name, `set ${name}`])));
  });

  it("takes a definition's attributes under the spec's names too", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post(
      "/api/custom-fields",
      { field_name: "renewal_month", display_label: "Renewal month", type: "Dropdown", options: ["Jan", "Feb"], is_required: false, visibility: ["account_admin"] },
      tenant.admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "renewal_month", label: "Renewal month", field_type: "dropdown", options: ["Jan", "Feb"], visible_to: ["account_admin"] });
    const patched = await tenant.client.patch(`/api/custom-fields/${created.body.id}`, { display_label: "Month of renewal" }, tenant.admin.token);
    expect(patched.body.label).toBe("Month of renewal");
  });

  it("a PATCH changes only the attributes it names", async () => {
    const tenant = await createTenant();
    const dropdown = await field(tenant, { name: "tier", label: "Tier", field_type: "dropdown", options: ["Gold", "Silver"], required: true, visible_to: ["account_admin"] });
    const relabelled = await tenant.client.patch(`/api/custom-fields/${dropdown.id}`, { label: "Customer tier" }, tenant.admin.token);
    expect(relabelled.status).toBe(200);
    expect(relabelled.body).toMatchObject({ label: "Customer tier", options: ["Gold", "Silver"], required: true, visible_to: ["account_admin"] });
    const untouched = await tenant.client.patch(`/api/custom-fields/${dropdown.id}`, {}, tenant.admin.token);
    expect(untouched.status).toBe(200);
    expect(untouched.body).toMatchObject({ label: "Customer tier", options: ["Gold", "Silver"], required: true });
    const number = await field(tenant, { name: "seats", label: "Seats", field_type: "integer" });
    expect((await tenant.client.patch(`/api/custom-fields/${number.id}`, { options: ["1"] }, tenant.admin.token)).status).toBe(422);
  });
});
