import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { makeContact } from "../support/contacts";
import { createTenant, type Tenant } from "../support/factories";
import { pendingSearchPages } from "../support/gin-pending";
import { startServer } from "../support/server.mjs";
import { connectToTestDatabase } from "../support/test-database";

// Contact rules whose effects only the database shows (call logs have no API
// of their own yet, and time has to be moved back for retention).
const db = connectToTestDatabase();

async function addCall(tenant: Tenant, contactId: number, status: string, minutesAgo: number) {
  const sid = `CAtest${Math.random().toString(36).slice(2)}${Date.now()}`;
  await db.query(
    `INSERT INTO call_logs (organization_id, department_id, user_id, contact_id, direction, phone_number, call_sid, status, duration, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'outbound-manual', '+15550000000', $5, $6, 30, now() - make_interval(mins => $7), now())`,
    [tenant.organization.id, tenant.departments.a.id, tenant.agentA.id, contactId, sid, status, minutesAgo],
  );
  return sid;
}

describe("contacts and their call logs", () => {
  it("a permanent delete keeps the contact's call logs, unlinked", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const contact = await makeContact(tenant);
    const sid = await addCall(tenant, contact.id, "completed", 5);
    expect((await tenant.client.delete(`/api/contacts/${contact.id}?permanent=true`, tenant.managerA.token)).status).toBe(204);
    const { rows } = await db.query(`SELECT contact_id FROM call_logs WHERE call_sid = $1`, [sid]);
    expect(rows).toEqual([{ contact_id: null }]);
  });

  it("merging carries the duplicates' call history and recomputes the call summary", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const primary = await makeContact(tenant);
    const dup = await makeContact(tenant);
    await addCall(tenant, primary.id, "no-answer", 60);
    await addCall(tenant, dup.id, "busy", 30);
    await addCall(tenant, dup.id, "completed", 10);
    const merged = await tenant.client.post("/api/contacts/merge", { primary_id: primary.id, duplicate_ids: [dup.id] }, tenant.managerA.token);
    expect(merged.body).toMatchObject({ total_calls: 3, last_call_outcome: "completed" });
    const detail = await tenant.client.get(`/api/contacts/${primary.id}`, tenant.managerA.token);
    expect(detail.body.call_history.map((c: { status: string }) => c.status)).toEqual(["completed", "busy", "no-answer"]);
  });

  it("a contact in a running campaign cannot be deleted or merged away (409)", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const contact = await makeContact(tenant);
    const other = await makeContact(tenant);
    const { rows } = await db.query(`INSERT INTO campaigns (organization_id, department_id, name, status, updated_at) VALUES ($1, $2, 'Spring', 'running', now()) RETURNING id`, [
      tenant.organization.id,
      tenant.departments.a.id,
    ]);
    await db.query(`INSERT INTO campaign_contacts (campaign_id, contact_id, phone, updated_at) VALUES ($1, $2, $3, now())`, [rows[0].id, contact.id, contact.phone]);
    const refused = await tenant.client.delete(`/api/contacts/${contact.id}`, tenant.managerA.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Spring");
    expect((await tenant.client.delete(`/api/contacts/${contact.id}?permanent=true`, tenant.admin.token)).status).toBe(409);
    expect((await tenant.client.post("/api/contacts/merge", { primary_id: other.id, duplicate_ids: [contact.id] }, tenant.managerA.token)).status).toBe(409);
    await db.query(`UPDATE campaigns SET status = 'completed' WHERE id = $1`, [rows[0].id]);
    expect((await tenant.client.delete(`/api/contacts/${contact.id}`, tenant.managerA.token)).status).toBe(204);
  });
});

describe("retention and counts", () => {
  it("removes contacts inactive for N days, keeps opted-out and recently called ones", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const stale = await makeContact(tenant);
    const optedOut = await makeContact(tenant, { opted_out: true });
    const calledRecently = await makeContact(tenant);
    const fresh = await makeContact(tenant);
    await db.query(`UPDATE contacts SET created_at = now() - interval '100 days' WHERE id = ANY($1)`, [[stale.id, optedOut.id, calledRecently.id]]);
    await db.query(`UPDATE contacts SET last_called_at = now() - interval '2 days' WHERE id = $1`, [calledRecently.id]);
    await tenant.client.request("PUT", "/api/settings/retention", { token: tenant.admin.token, body: { inactive_contact_days: 30 } });
    const ids = async () => (await tenant.client.get("/api/contacts?sort=created_at", tenant.admin.token)).body.data.map((c: { id: number }) => c.id).sort();
    const all = await ids();
    const dry = await tenant.client.post("/api/settings/retention/run", { dry_run: true }, tenant.admin.token);
    expect(dry.body).toMatchObject({ enabled: true, dry_run: true, removed: 1, contacts: [{ id: stale.id, phone: stale.phone }], contacts_truncated: false });
    expect(await ids()).toEqual(all);
    const run = await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token);
    expect(run.body).toMatchObject({ enabled: true, dry_run: false, removed: 1, contacts: [{ id: stale.id, phone: stale.phone }] });
    expect(await ids()).toEqual([optedOut.id, calledRecently.id, fresh.id].sort());
    // Without keep_opted_out, an opted-out contact goes by the same rule as the rest.
    await tenant.client.request("PUT", "/api/settings/retention", { token: tenant.admin.token, body: { keep_opted_out: false } });
    const second = await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token);
    expect(second.body).toMatchObject({ removed: 1, keep_opted_out: false, contacts: [{ id: optedOut.id }] });
    expect(await ids()).toEqual([calledRecently.id, fresh.id].sort());
  });

  it("names the first 1,000 removed contacts and counts them all", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    await db.query(
      `INSERT INTO contacts (organization_id, department_id, name, phone, tags, created_at, updated_at)
       SELECT $1, $2, 'Old ' || g, '+1666' || lpad(($1 % 1000)::text, 3, '0') || lpad(g::text, 5, '0'), ARRAY['aged'], now() - interval '400 days', now()
       FROM generate_series(1, 1200) g`,
      [tenant.organization.id, tenant.departments.a.id],
    );
    await tenant.client.request("PUT", "/api/settings/retention", { token: tenant.admin.token, body: { inactive_contact_days: 365 } });
    const aged = async () => (await tenant.client.get("/api/tags", tenant.admin.token)).body.find((t: { name: string }) => t.name === "aged")?.contact_count ?? 0;
    expect(await aged()).toBe(1200);
    const dry = await tenant.client.post("/api/settings/retention/run", { dry_run: true }, tenant.admin.token);
    expect(dry.body).toMatchObject({ removed: 1200, contacts_truncated: true });
    expect(dry.body.contacts).toHaveLength(1000);
    const run = await tenant.client.post("/api/settings/retention/run", { dry_run: false }, tenant.admin.token);
    expect(run.body).toMatchObject({ removed: 1200, contacts_truncated: true });
    expect(run.body.contacts.map((c: { id: number }) => c.id)).toEqual(dry.body.contacts.map((c: { id: number }) => c.id));
    expect((await tenant.client.get("/api/contacts?status=all", tenant.admin.token)).body.meta.total).toBe(0);
    // The trigger-kept counters followed the deletion.
    const { rows } = await db.query(`SELECT coalesce(sum(n), 0)::int AS n FROM contact_counts WHERE organization_id = $1`, [tenant.organization.id]);
    expect(rows[0].n).toBe(0);
    expect(await aged()).toBe(0);
  });

  it("the trigger-kept totals match a real count after creates, archives, moves and deletes", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const items = Array.from({ length: 30 }, (_, i) => ({ name: `Count ${i}`, phone: `+1777${String(tenant.organization.id % 1000).padStart(3, "0")}${String(i).padStart(4, "0")}` }));
    await tenant.client.post("/api/contacts/bulk", items, tenant.managerA.token);
    const list = (await tenant.client.get("/api/contacts?per_page=30", tenant.admin.token)).body.data;
    await tenant.client.delete(`/api/contacts/${list[0].id}`, tenant.admin.token);
    await tenant.client.delete(`/api/contacts/${list[1].id}?permanent=true`, tenant.admin.token);
    await tenant.client.request("PUT", `/api/contacts/${list[2].id}`, { token: tenant.admin.token, body: { department_id: tenant.departments.b.id } });
    const totals = async (query: string) => (await tenant.client.get(`/api/contacts?per_page=5&${query}`, tenant.admin.token)).body.meta.total;
    const real = async (where: string) => (await db.query(`SELECT count(*)::int AS n FROM contacts WHERE organization_id = $1 AND ${where}`, [tenant.organization.id])).rows[0].n;
    expect(await totals("")).toBe(await real("status = 'active'"));
    expect(await totals("status=archived")).toBe(await real("status = 'archived'"));
    expect(await totals("status=all")).toBe(await real("true"));
    expect(await totals(`department_id=${tenant.departments.b.id}`)).toBe(await real(`status = 'active' AND department_id = ${tenant.departments.b.id}`));
    expect(await totals("")).toBe(28);
  });

  it("tag pages come newest first whether the tag is on new or old contacts; totals are exact up to 10,000 matches, estimated above", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    await db.query(
      `INSERT INTO contacts (organization_id, department_id, name, phone, tags, updated_at)
       SELECT $1, $2, 'Mass ' || g, '+1888' || lpad(g::text, 7, '0'), CASE WHEN g <= 300 THEN ARRAY['few', 'mass'] ELSE ARRAY['mass'] END, now()
       FROM generate_series(1, 20000) g`,
      [tenant.organization.id, tenant.departments.a.id],
    );
    await db.query("ANALYZE contacts");
    const few = await tenant.client.get("/api/contacts?tags=few&per_page=100", tenant.admin.token);
    expect(few.body.meta).toMatchObject({ total: 300, total_exact: true, last_page: 3 });
    // "few" is on the 300 oldest: beyond the newest 5,000 that a tag page walks first, so read from the tag's index.
    const names = (page: { body: { data: { name: string }[] } }) => page.body.data.map((c) => c.name);
    expect(names(few)).toEqual(Array.from({ length: 100 }, (_, i) => `Mass ${300 - i}`));
    const lastFew = await tenant.client.get("/api/contacts?tags=few&per_page=100&page=3", tenant.admin.token);
    expect(names(lastFew)).toEqual(Array.from({ length: 100 }, (_, i) => `Mass ${100 - i}`));
    const mass = await tenant.client.get("/api/contacts?tags=mass", tenant.admin.token);
    expect(names(mass)).toEqual(Array.from({ length: 25 }, (_, i) => `Mass ${20000 - i}`));
    expect(names(await tenant.client.get("/api/contacts?tags=mass&page=400", tenant.admin.token))).toEqual(Array.from({ length: 25 }, (_, i) => `Mass ${10025 - i}`));
    expect(mass.body.meta.total_exact).toBe(false);
    expect(mass.body.meta.total).toBeGreaterThan(10_000);
    // A page past the end shows nothing and bounds the total by what came before it.
    const past = await tenant.client.get("/api/contacts?tags=mass&page=1000", tenant.admin.token);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBeGreaterThan(10_000);
    expect(past.body.meta.total).toBeLessThanOrEqual(999 * 25);
    // Unfiltered, the trigger-kept counters are exact at any size.
    expect((await tenant.client.get("/api/contacts", tenant.admin.token)).body.meta).toMatchObject({ total: 20_000, total_exact: true });
  });
});

describe("duplicate detection at scale", () => {
  it("compares similar names within a time budget, and says so when it runs out instead of hanging", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    await db.query(
      `INSERT INTO contacts (organization_id, department_id, name, company, phone, updated_at)
       SELECT $1, $2, 'Jonathan Smithers ' || g, 'Smithers Inc', '+1877' || lpad(g::text, 7, '0'), now() FROM generate_series(1, 400) g`,
      [tenant.organization.id, tenant.departments.a.id],
    );
    const whole = await tenant.client.get("/api/contacts/duplicates?reason=name", tenant.admin.token);
    expect(whole.body.meta).toMatchObject({ complete: true });
    expect(whole.body.data[0].contacts.length).toBeGreaterThan(1);

    // A second server whose budget no comparison can meet (the same database, so the same token).
    const hurried = await startServer({ databaseUrl: inject("databaseUrl"), env: { DUPLICATE_NAME_BUDGET_MS: "1" }, label: "hurried" });
    try {
      const cut = await api(hurried.baseUrl).get("/api/contacts/duplicates?reason=name", tenant.admin.token);
      expect(cut.status).toBe(200);
      expect(cut.body).toMatchObject({ data: [], meta: { total: 0, complete: false } });
      // Phones are unique per organization: there is never a phone group to find.
      const phones = await api(hurried.baseUrl).get("/api/contacts/duplicates?reason=phone", tenant.admin.token);
      expect(phones.body).toMatchObject({ data: [], meta: { complete: true } });
    } finally {
      await hurried.stop();
    }
  }, 120_000);
});

describe("search indexes after a large write", () => {
  const pendingPages = () => pendingSearchPages(db);

  it("a bulk create of 1,000 contacts or more leaves no pending list behind it; rows written otherwise do", async () => {
    const tenant = await createTenant(inject("baseUrl"));
    const stamp = Date.now() % 1_000_000;
    const items = Array.from({ length: 2_000 }, (_, i) => ({
      name: `Pending Person ${stamp}-${i}`,
      phone: `+1778${String(stamp % 1000).padStart(3, "0")}${String(i).padStart(4, "0")}`,
      email: `pending${stamp}.${i}@example.com`,
      tags: [`pending-${stamp}`],
    }));
    // Without the merge, 2,000 rows leave the index's pending list long. The
    // list is the whole table's: another file's bulk write (or autovacuum) can
    // empty it between this insert and the count, so a batch that finds it
    // short is followed by another, up to three.
    let before = 0;
    for (let batch = 0; batch < 3 && before <= 20; batch++) {
      await db.query(
        `INSERT INTO contacts (organization_id, department_id, name, phone, created_at, updated_at)
         SELECT $1, $2, 'Unmerged ' || g || ' ' || md5(g::text), '+1666' || lpad((g + $3)::text, 7, '0'), now(), now() FROM generate_series(1, 2000) g`,
        [tenant.organization.id, tenant.departments.a.id, stamp + batch * 2_000],
      );
      before = await pendingPages();
    }
    expect(before).toBeGreaterThan(20);
    const created = await tenant.client.post("/api/contacts/bulk", items, tenant.managerA.token);
    expect(created.body).toMatchObject({ created: 2_000, failed: 0 });
    // The merge runs once the answer is sent; other suites may write a few rows meanwhile.
    let pages = await pendingPages();
    for (let i = 0; i < 50 && pages > 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pages = await pendingPages();
    }
    expect(pages).toBeLessThanOrEqual(5);
  });
});
