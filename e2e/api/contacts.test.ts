import { describe, expect, it } from "vitest";
import { api, loginAs } from "../support/api";
import { createTenant, type Tenant } from "../support/factories";

let phoneCounter = 0;
/** A valid E.164 number unique to this test run. */
function phone(): string {
  phoneCounter += 1;
  return `+1${String(2_000_000_000 + ((process.pid * 7919 + phoneCounter * 104_729 + Date.now()) % 7_999_999_999)).slice(0, 10)}`;
}

async function createContact(tenant: Tenant, body: Record<string, unknown> = {}, token = tenant.managerA.token) {
  const response = await tenant.client.post("/api/contacts", { name: "Ada Lovelace", phone: phone(), ...body }, token);
  if (response.status !== 201) throw new Error(`create contact: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

describe("contacts CRUD", () => {
  it("creates a contact with every field and returns it with its id", async () => {
    const tenant = await createTenant();
    const number = phone();
    const response = await tenant.client.post(
      "/api/contacts",
      { name: "Ada Lovelace", phone: number, email: "ada@example.com", company: "Analytical Engines", tags: ["vip", "london", "vip"], notes: "Prefers mornings" },
      tenant.managerA.token,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(Number),
      organization_id: tenant.organization.id,
      department_id: tenant.departments.a.id,
      created_by_user_id: tenant.managerA.id,
      name: "Ada Lovelace",
      phone: number,
      email: "ada@example.com",
      company: "Analytical Engines",
      tags: ["vip", "london"],
      custom_fields: {},
      notes: "Prefers mornings",
      status: "active",
      last_called_at: null,
      last_call_outcome: null,
      total_calls: 0,
    });
    const fetched = await tenant.client.get(`/api/contacts/${response.body.id}`, tenant.managerA.token);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ id: response.body.id, call_history: [], call_history_total: 0 });
  });

  it("validates name, phone, email and lengths with 422 and field errors", async () => {
    const tenant = await createTenant();
    const post = (body: object) => tenant.client.post("/api/contacts", body, tenant.managerA.token);
    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(["name", "phone"]);
    for (const bad of ["14155552671", "+0123456", "+1415555267123456789", "+1 415 555 2671", "abc"]) {
      const response = await post({ name: "X", phone: bad });
      expect(response.status, bad).toBe(422);
      expect(response.body.errors.phone).toBeDefined();
    }
    expect((await post({ name: "x".repeat(256), phone: phone() })).body.errors.name).toBeDefined();
    for (const bad of ["not-mail", "a@b", "a..b@example.com", "a b@example.com"]) {
      expect((await post({ name: "X", phone: phone(), email: bad })).body.errors?.email, bad).toBeDefined();
    }
    expect((await post({ name: "X", phone: phone(), company: "c".repeat(256) })).body.errors.company).toBeDefined();
    expect((await post({ name: "X", phone: phone(), tags: "vip" })).body.errors.tags).toBeDefined();
    expect((await post({ name: "X", phone: phone(), tags: [1] })).status).toBe(422);
    expect((await post({ name: "X", phone: phone(), custom_fields: [] })).body.errors.custom_fields).toBeDefined();
    const list = await tenant.client.get("/api/contacts", tenant.managerA.token);
    expect(list.body.meta.total).toBe(0);
  });

  it("takes internationalized email addresses", async () => {
    const tenant = await createTenant();
    for (const email of ["chloé.rossi@example.com", "李雷@example.cn", "jose@münchen.de"]) {
      const created = await tenant.client.post("/api/contacts", { name: "Intl", phone: phone(), email }, tenant.managerA.token);
      expect(created.status, email).toBe(201);
      expect(created.body.email).toBe(email);
    }
  });

  it("refuses a phone already used in the organization with 409 and duplicate_id, but not in another organization", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const first = await createContact(tenant);
    const duplicate = await tenant.client.post("/api/contacts", { name: "Copy", phone: first.phone }, tenant.managerB.token);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ duplicate_id: first.id, errors: { phone: [expect.any(String)] } });
    expect(duplicate.body.message).toEqual(expect.any(String));
    const elsewhere = await other.client.post("/api/contacts", { name: "Same number", phone: first.phone }, other.managerA.token);
    expect(elsewhere.status).toBe(201);
  });

  it("format_phone normalizes national numbers with the organization's default country", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post("/api/contacts", { name: "US", phone: "(415) 555-2671", format_phone: true }, tenant.managerA.token);
    expect(created.status).toBe(201);
    expect(created.body.phone).toBe("+14155552671");
    const refused = await tenant.client.post("/api/contacts", { name: "US", phone: "(415) 555-2672" }, tenant.managerA.token);
    expect(refused.status).toBe(422);
    const invalid = await tenant.client.post("/api/contacts", { name: "Bad", phone: "12345", format_phone: true }, tenant.managerA.token);
    expect(invalid.status).toBe(422);
    await tenant.client.request("PUT", "/api/settings/import", { token: tenant.admin.token, body: { default_country: "GB" } });
    const uk = await tenant.client.post("/api/contacts", { name: "UK", phone: "020 7946 0959", format_phone: true }, tenant.managerA.token);
    expect(uk.body.phone).toBe("+442079460959");
  });

  it("updates with PUT, moves updated_at, and checks the phone like create", async () => {
    const tenant = await createTenant();
    const contact = await createContact(tenant, { email: "a@example.com" });
    const taken = await createContact(tenant);
    await new Promise((r) => setTimeout(r, 20));
    const put = (body: object) => tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body });
    const updated = await put({ company: "New Co", tags: ["a"] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ company: "New Co", tags: ["a"], email: "a@example.com", name: "Ada Lovelace" });
    expect(new Date(updated.body.updated_at).getTime()).toBeGreaterThan(new Date(contact.updated_at).getTime());
    expect((await put({ phone: taken.phone })).status).toBe(409);
    expect((await put({ phone: "nope" })).status).toBe(422);
    expect((await put({ email: null })).body.email).toBeNull();
    expect((await put({ phone: contact.phone })).status).toBe(200);
    // A body naming no field is a no-op, not a missing contact.
    const before = (await tenant.client.request("GET", `/api/contacts/${contact.id}`, { token: tenant.managerA.token })).body;
    const noop = await put({});
    expect(noop.status).toBe(200);
    expect(noop.body).toMatchObject({ id: contact.id, company: "New Co", updated_at: before.updated_at });
  });

  it("dates an opt-out when it is given and keeps the date when the contact is saved again", async () => {
    const tenant = await createTenant();
    const contact = await createContact(tenant, { opted_out: true });
    expect(contact).toMatchObject({ opted_out: true });
    expect(Date.parse(contact.opted_out_at)).toBeGreaterThan(Date.now() - 60_000);
    const put = (body: object) => tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token: tenant.managerA.token, body });
    await new Promise((r) => setTimeout(r, 20));
    const resaved = await put({ name: "Ada Byron", opted_out: true });
    expect(resaved.body).toMatchObject({ name: "Ada Byron", opted_out: true, opted_out_at: contact.opted_out_at });
    expect((await put({ opted_out: false })).body).toMatchObject({ opted_out: false, opted_out_at: null });
    const again = (await put({ opted_out: true })).body;
    expect(Date.parse(again.opted_out_at)).toBeGreaterThan(Date.parse(contact.opted_out_at));
    expect((await put({ opted_out: "yes" })).status).toBe(422);
  });

  it("filters by opt-out, in the list, the export and a saved filter", async () => {
    const tenant = await createTenant();
    const optedOut = await createContact(tenant, { opted_out: true });
    const reachable = await createContact(tenant);
    const ids = async (query: string) => (await tenant.client.get(`/api/contacts?${query}`, tenant.managerA.token)).body.data.map((c: { id: number }) => c.id);
    expect(await ids("opted_out=true")).toEqual([optedOut.id]);
    expect(await ids("opted_out=1")).toEqual([optedOut.id]);
    expect(await ids("opted_out=false")).toEqual([reachable.id]);
    expect((await ids("")).sort()).toEqual([optedOut.id, reachable.id].sort());
    const bad = await tenant.client.get("/api/contacts?opted_out=maybe", tenant.managerA.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.opted_out).toEqual(["must be true or false."]);
    const csv = await tenant.client.get("/api/contacts/export?format=csv&opted_out=true", tenant.managerA.token);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(optedOut.phone);
    expect(csv.body).not.toContain(reachable.phone);
    const preset = await tenant.client.post("/api/saved-filters", { name: "Opted out", filters: { opted_out: "true" } }, tenant.managerA.token);
    expect(preset.status).toBe(201);
  });

  it("archives by default, lists archived only on request, restores, and deletes permanently", async () => {
    const tenant = await createTenant();
    const contact = await createContact(tenant);
    const del = await tenant.client.delete(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(del.status).toBe(204);
    const active = await tenant.client.get("/api/contacts", tenant.managerA.token);
    expect(active.body.data.map((c: { id: number }) => c.id)).not.toContain(contact.id);
    const archived = await tenant.client.get("/api/contacts?status=archived", tenant.managerA.token);
    expect(archived.body.data).toEqual([expect.objectContaining({ id: contact.id, status: "archived" })]);
    expect((await tenant.client.get("/api/contacts?status=all", tenant.managerA.token)).body.meta.total).toBe(1);

    const restored = await tenant.client.post(`/api/contacts/${contact.id}/restore`, undefined, tenant.managerA.token);
    expect(restored.status).toBe(200);
    expect(restored.body.status).toBe("active");
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(1);

    expect((await tenant.client.delete(`/api/contacts/${contact.id}?permanent=true`, tenant.managerA.token)).status).toBe(204);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, tenant.managerA.token)).status).toBe(404);
    expect((await tenant.client.get("/api/contacts?status=all", tenant.managerA.token)).body.meta.total).toBe(0);
  });
});

describe("contact access", () => {
  it("agents get 403 on every contact route", async () => {
    const tenant = await createTenant();
    const contact = await createContact(tenant);
    const token = tenant.agentA.token;
    expect((await tenant.client.get("/api/contacts", token)).status).toBe(403);
    expect((await tenant.client.post("/api/contacts", { name: "x", phone: phone() }, token)).status).toBe(403);
    expect((await tenant.client.get(`/api/contacts/${contact.id}`, token)).status).toBe(403);
    expect((await tenant.client.delete(`/api/contacts/${contact.id}`, token)).status).toBe(403);
    expect((await tenant.client.post("/api/contacts/bulk", [], token)).status).toBe(403);
    expect((await tenant.client.get("/api/tags", token)).status).toBe(403);
    expect((await tenant.client.get("/api/contacts/duplicates", token)).status).toBe(403);
  });

  it("a manager sees and changes only their department; the other department's contact is 403", async () => {
    const tenant = await createTenant();
    const mine = await createContact(tenant);
    const theirs = await createContact(tenant, {}, tenant.managerB.token);
    const list = await tenant.client.get("/api/contacts", tenant.managerA.token);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    const token = tenant.managerA.token;
    expect((await tenant.client.get(`/api/contacts/${theirs.id}`, token)).status).toBe(403);
    expect((await tenant.client.request("PUT", `/api/contacts/${theirs.id}`, { token, body: { name: "Hijack" } })).status).toBe(403);
    expect((await tenant.client.delete(`/api/contacts/${theirs.id}`, token)).status).toBe(403);
    expect((await tenant.client.delete(`/api/contacts/${theirs.id}?permanent=true`, token)).status).toBe(403);
    expect((await tenant.client.post("/api/contacts", { name: "x", phone: phone(), department_id: tenant.departments.b.id }, token)).status).toBe(403);
    expect((await tenant.client.get(`/api/contacts/${theirs.id}`, tenant.managerB.token)).body.name).toBe("Ada Lovelace");
  });

  it("an account admin sees the whole organization and picks the department", async () => {
    const tenant = await createTenant();
    await createContact(tenant);
    await createContact(tenant, {}, tenant.managerB.token);
    expect((await tenant.client.get("/api/contacts", tenant.admin.token)).body.meta.total).toBe(2);
    expect((await tenant.client.get(`/api/contacts?department_id=${tenant.departments.b.id}`, tenant.admin.token)).body.meta.total).toBe(1);
    // The API asks only for name and phone: without a department the contact
    // goes to the organization's first one.
    const noDepartment = await tenant.client.post("/api/contacts", { name: "x", phone: phone() }, tenant.admin.token);
    expect(noDepartment.status).toBe(201);
    expect(noDepartment.body.department_id).toBe(tenant.departments.a.id);
    const bulk = await tenant.client.post("/api/contacts/bulk", [{ name: "y", phone: phone() }], tenant.admin.token);
    expect(bulk.body).toMatchObject({ created: 1, failed: 0 });
    const foreign = await tenant.client.post("/api/contacts", { name: "x", phone: phone(), department_id: (await createTenant()).departments.a.id }, tenant.admin.token);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.department_id).toEqual(["The selected department is invalid."]);
    const inB = await tenant.client.post("/api/contacts", { name: "x", phone: phone(), department_id: tenant.departments.b.id }, tenant.admin.token);
    expect(inB.status).toBe(201);
    expect(inB.body.department_id).toBe(tenant.departments.b.id);
  });

  it("another organization's contact is 404 for everyone there, and ids that cannot exist are 404", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const contact = await createContact(other);
    for (const token of [tenant.admin.token, tenant.managerA.token]) {
      expect((await tenant.client.get(`/api/contacts/${contact.id}`, token)).status).toBe(404);
      expect((await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token, body: { name: "x" } })).status).toBe(404);
      expect((await tenant.client.delete(`/api/contacts/${contact.id}?permanent=true`, token)).status).toBe(404);
      expect((await tenant.client.post(`/api/contacts/${contact.id}/restore`, undefined, token)).status).toBe(404);
    }
    expect((await tenant.client.get("/api/contacts/abc", tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.get("/api/contacts/99999999999999999999", tenant.admin.token)).status).toBe(404);
    expect((await other.client.get(`/api/contacts/${contact.id}`, other.managerA.token)).body.name).toBe("Ada Lovelace");
  });
});

describe("contact list, search and filters", () => {
  it("paginates with the contract's envelope and sorts", async () => {
    const tenant = await createTenant();
    for (const name of ["Carol", "alice", "Bob"]) await createContact(tenant, { name });
    const page = await tenant.client.get("/api/contacts?per_page=2&sort=name", tenant.managerA.token);
    expect(page.body.meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(["alice", "Bob"]);
    const byName = await tenant.client.get("/api/contacts?sort=-name&per_page=100", tenant.managerA.token);
    const names = byName.body.data.map((c: { name: string }) => c.name.toLowerCase());
    expect([...names].sort().reverse()).toEqual(names);
    const second = await tenant.client.get("/api/contacts?per_page=2&page=2&sort=-created_at", tenant.managerA.token);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].name).toBe("Carol");
    expect((await tenant.client.get("/api/contacts?sort=bogus", tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.get("/api/contacts?per_page=1000", tenant.managerA.token)).body.meta.per_page).toBe(100);
  });

  it("quick search matches name, email, company and phone digits typed any way", async () => {
    const tenant = await createTenant();
    const number = phone();
    const target = await createContact(tenant, { name: "Grace Hopper", phone: number, email: "grace@navy.example", company: "Univac" });
    await createContact(tenant, { name: "Someone Else", email: "else@example.com" });
    const search = async (q: string) => (await tenant.client.get(`/api/contacts?q=${encodeURIComponent(q)}`, tenant.managerA.token)).body.data.map((c: { id: number }) => c.id);
    expect(await search("hopp")).toEqual([target.id]);
    expect(await search("GRACE@NAVY")).toEqual([target.id]);
    expect(await search("univac")).toEqual([target.id]);
    const digits = number.slice(2);
    expect(await search(digits)).toEqual([target.id]);
    expect(await search(`${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`)).toEqual([target.id]);
    expect(await search(number)).toEqual([target.id]);
    expect(await search("%")).toEqual([]);
  });

  it("full-text search looks in notes; tag filters take all or any", async () => {
    const tenant = await createTenant();
    const a = await createContact(tenant, { notes: "Asked about the renewal pricing", tags: ["vip", "lead"] });
    const b = await createContact(tenant, { notes: "General enquiry", tags: ["vip"] });
    const c = await createContact(tenant, { tags: ["newsletter"] });
    const ids = async (query: string) => (await tenant.client.get(`/api/contacts?${query}&sort=created_at`, tenant.managerA.token)).body.data.map((x: { id: number }) => x.id);
    expect(await ids("search=renewal")).toEqual([a.id]);
    expect(await ids("tags=vip")).toEqual([a.id, b.id]);
    expect(await ids("tags=vip,lead")).toEqual([a.id]);
    expect(await ids("tags_any=lead,newsletter")).toEqual([a.id, c.id]);
    // Repeated, or in the [] list form: every value counts, not the last one.
    expect(await ids("tags=vip&tags=lead")).toEqual([a.id]);
    expect(await ids("tags[]=vip&tags[]=lead")).toEqual([a.id]);
    expect(await ids("tags_any=lead&tags_any=newsletter")).toEqual([a.id, c.id]);
    // A single-valued parameter given twice is refused rather than half-read.
    expect((await tenant.client.get("/api/contacts?status=active&status=archived", tenant.managerA.token)).status).toBe(422);
  });

  it("filters by created date range and rejects malformed dates", async () => {
    const tenant = await createTenant();
    const contact = await createContact(tenant);
    const today = new Date().toISOString().slice(0, 10);
    const ids = async (query: string) => (await tenant.client.get(`/api/contacts?${query}`, tenant.managerA.token)).body.data.map((x: { id: number }) => x.id);
    expect(await ids(`created_from=${today}&created_to=${today}`)).toEqual([contact.id]);
    expect(await ids("created_to=2000-01-01")).toEqual([]);
    expect(await ids("created_from=2999-01-01")).toEqual([]);
    expect((await tenant.client.get("/api/contacts?created_from=yesterday", tenant.managerA.token)).status).toBe(422);
    expect((await tenant.client.get("/api/contacts?created_to=2026-02-30", tenant.managerA.token)).status).toBe(422);
    // An ISO date-time is an exact bound, the contact's own creation instant included.
    const at = encodeURIComponent(contact.created_at);
    const before = encodeURIComponent(new Date(Date.parse(contact.created_at) - 1).toISOString());
    expect(await ids(`created_from=${at}&created_to=${at}`)).toEqual([contact.id]);
    expect(await ids(`created_to=${before}`)).toEqual([]);
    expect(await ids(`created_from=${encodeURIComponent(new Date(Date.parse(contact.created_at) + 1).toISOString())}`)).toEqual([]);
    // Dates given the wrong way round are refused, not answered with an empty list,
    // wherever the list's filters are taken (list, export, saved filter).
    const swapped = "created_from=2026-11-10&created_to=2026-11-01";
    for (const path of [`/api/contacts?${swapped}`, `/api/contacts/export?${swapped}`]) {
      const refused = await tenant.client.get(path, tenant.managerA.token);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.created_to).toEqual(["must not be before created_from."]);
    }
    const preset = await tenant.client.post("/api/saved-filters", { name: "Swapped", filters: { created_from: "2026-11-10", created_to: "2026-11-01" } }, tenant.managerA.token);
    expect(preset.status).toBe(422);
    expect(preset.body.errors["filters.created_to"]).toBeDefined();
    // An instant later on the same day is still within a day's range.
    expect(await ids(`created_from=${at}&created_to=${today}`)).toEqual([contact.id]);
  });
});

describe("bulk create", () => {
  it("stores the valid items and reports each failure by index", async () => {
    const tenant = await createTenant();
    const existing = await createContact(tenant);
    const dup = phone();
    const response = await tenant.client.post(
      "/api/contacts/bulk",
      [
        { name: "One", phone: phone() },
        { name: "", phone: phone() },
        { name: "Dup A", phone: dup },
        { name: "Dup B", phone: dup },
        { name: "Existing", phone: existing.phone },
        { name: "Bad phone", phone: "555-1234" },
        "not an object",
        { name: "Two", phone: phone(), tags: ["bulk"] },
      ],
      tenant.managerA.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.created).toBe(3);
    expect(response.body.failed).toBe(5);
    expect(response.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 3, 4, 5, 6]);
    expect(response.body.errors.find((e: { index: number }) => e.index === 4)).toMatchObject({ duplicate_id: existing.id });
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(4);
  });

  it("refuses more than 10,000 items and a body that is not an array", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/contacts/bulk", { name: "x" }, tenant.managerA.token)).status).toBe(422);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => ({ name: `n${i}`, phone: `+1555${String(i).padStart(7, "0")}` }));
    const response = await tenant.client.post("/api/contacts/bulk", tooMany, tenant.managerA.token);
    expect(response.status).toBe(422);
    expect((await tenant.client.get("/api/contacts", tenant.managerA.token)).body.meta.total).toBe(0);
  });
});

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL character as invalid input wherever it comes, and changes nothing", async () => {
    const tenant = await createTenant();
    const token = tenant.managerA.token;
    const created = await tenant.client.post("/api/contacts", { name: "Nul\u0000Person", phone: phone(), tags: ["ok", "b\u0000"] }, token);
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ name: ["may not contain the NUL character."] });
    const search = await tenant.client.get("/api/contacts?q=a%00b", token);
    expect(search.status).toBe(422);
    expect(search.body.errors).toHaveProperty("q");
    const contact = await createContact(tenant, { tags: ["keep"] });
    expect((await tenant.client.request("PUT", `/api/contacts/${contact.id}`, { token, body: { notes: "x\u0000" } })).status).toBe(422);
    // A tag name with a NUL cannot exist.
    expect((await tenant.client.patch("/api/tags/ke%00ep", { name: "other" }, token)).status).toBe(404);
    expect((await tenant.client.delete("/api/tags/ke%00ep", token)).status).toBe(404);

    const bulk = await tenant.client.post(
      "/api/contacts/bulk",
      [
        { name: "Good", phone: phone() },
        { name: "Bad", phone: phone(), custom_fields: { "x\u0000": "1" } },
      ],
      token,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ created: 1, failed: 1, errors: [{ index: 1, errors: { "custom_fields.x": ["may not contain the NUL character."] } }] });
    const list = await tenant.client.get("/api/contacts", token);
    expect(list.body.data.map((c: { name: string; notes: string | null }) => [c.name, c.notes])).toEqual(
      expect.arrayContaining([
        ["Good", null],
        ["Ada Lovelace", null],
      ]),
    );
    expect(list.body.meta.total).toBe(2);
  });
});

describe("detail view", () => {
  it("includes the call history newest first with a total, and the call summary", async () => {
    const client = api();
    const token = await loginAs(client, "admin@acme.example.com");
    const list = await client.get("/api/contacts?sort=-total_calls&per_page=1", token);
    const busiest = list.body.data[0];
    expect(busiest.total_calls).toBeGreaterThan(1);
    const detail = await client.get(`/api/contacts/${busiest.id}?history_per_page=2`, token);
    expect(detail.body.call_history_total).toBe(busiest.total_calls);
    expect(detail.body.call_history.length).toBe(2);
    const [first, second] = detail.body.call_history;
    expect(new Date(first.created_at).getTime()).toBeGreaterThanOrEqual(new Date(second.created_at).getTime());
    expect(detail.body.last_called_at).toBe(first.created_at);
    expect(detail.body.last_call_outcome).toBe(first.status);
    expect(first).toMatchObject({ contact_id: busiest.id, direction: expect.any(String), call_sid: expect.any(String), duration: expect.any(Number) });
  });
});
