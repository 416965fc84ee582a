import { describe, expect, it } from "vitest";
import { makeContact, uniquePhone } from "../support/contacts";
import { randomUUID } from "node:crypto";
import { api, loginAs } from "../support/api";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";

// Issue 24: integration keys, API keys for a system rather than a person:
// scoped read or write per resource family, optional expiry, revocable,
// shown once and hashed at rest, listed with their last use, and every
// request made with one in the audit log.

describe("integration keys", () => {
  it("an admin creates one; its secret is shown once; it reads and writes only what its scopes open, in its organization only", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const theirs = await makeContact(other, { name: "Not Yours" }, other.admin.token);
    const mine = await makeContact(tenant, { name: "Ada Import" }, tenant.admin.token);

    expect((await tenant.client.post("/api/integration-keys", { name: "CRM", scopes: { contacts: "read" } }, tenant.managerA.token)).status).toBe(403);
    const bad = await tenant.client.post("/api/integration-keys", { name: "", scopes: { contacts: "admin" }, expires_at: "2020-01-01T00:00:00Z" }, tenant.admin.token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["expires_at", "name", "scopes.contacts"]);
    expect((await tenant.client.post("/api/integration-keys", { name: "Nothing", scopes: {} }, tenant.admin.token)).status).toBe(422);

    const created = await tenant.client.post("/api/integration-keys", { name: "CRM sync", scopes: { contacts: "read", calls: "read" } }, tenant.admin.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "CRM sync", scopes: { contacts: "read", calls: "read" }, status: "active", last_used_at: null, created_by: { id: tenant.admin.id } });
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^cck_\d+_[A-Za-z0-9_-]{43}$/);
    const listed = (await tenant.client.get("/api/integration-keys", tenant.admin.token)).body.data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(-20));
    expect(listed[0]).not.toHaveProperty("secret");

    // Reads its families, in its organization.
    const contacts = await tenant.client.get("/api/contacts", secret);
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.map((c: { id: number }) => c.id)).toContain(mine.id);
    expect((await tenant.client.get(`/api/contacts/${theirs.id}`, secret)).status).toBe(404);
    expect((await tenant.client.get("/api/voice/call-logs", secret)).status).toBe(200);
    // Read is not write; closed families and people's routes are refused.
    expect((await tenant.client.post("/api/contacts", { name: "Nope", phone: uniquePhone() }, secret)).status).toBe(403);
    expect((await tenant.client.get("/api/campaigns", secret)).status).toBe(403);
    expect((await tenant.client.get("/api/settings/routing", secret)).status).toBe(403);
    expect((await tenant.client.get("/api/integration-keys", secret)).status).toBe(403);
    expect((await tenant.client.get("/api/agent/status", secret)).status).toBe(403);
    expect((await tenant.client.get("/api/users", secret)).status).toBe(403);

    // A write key writes.
    const writer = await tenant.client.post("/api/integration-keys", { name: "Lead form", scopes: { contacts: "write" } }, tenant.admin.token);
    const lead = await tenant.client.post("/api/contacts", { name: "Lead From Form", phone: uniquePhone() }, writer.body.secret);
    expect(lead.status).toBe(201);
    expect((await tenant.client.get(`/api/contacts/${lead.body.id}`, writer.body.secret)).status).toBe(200);
  });

  it("every request made with a key is in the audit log under it, its last use is listed, and a revoked or expired key is 401", async () => {
    const tenant = await createTenant();
    const created = await tenant.client.post("/api/integration-keys", { name: "Warehouse", scopes: { reports: "read" }, expires_at: new Date(Date.now() + 3_000).toISOString() }, tenant.admin.token);
    const secret = created.body.secret as string;
    expect((await tenant.client.get("/api/reports/live", secret)).status).toBe(200);
    expect((await tenant.client.post("/api/contacts", { name: "x", phone: uniquePhone() }, secret)).status).toBe(403);

    const audit = (await tenant.client.get("/api/audit-log?action=integration_key.request", tenant.admin.token)).body.data;
    expect(audit.map((e: { details: { method: string; path: string; status: number } }) => [e.details.method, e.details.path, e.details.status])).toEqual([
      ["POST", "/api/contacts", 403],
      ["GET", "/api/reports/live", 200],
    ]);
    expect(audit[0].details.integration_key).toEqual({ id: created.body.id, name: "Warehouse" });
    const [listed] = (await tenant.client.get("/api/integration-keys", tenant.admin.token)).body.data;
    expect(listed.last_used_at).not.toBeNull();

    // Expired: refused like no key at all.
    await new Promise((r) => setTimeout(r, 3_200));
    expect((await tenant.client.get("/api/reports/live", secret)).status).toBe(401);
    expect((await tenant.client.get("/api/integration-keys", tenant.admin.token)).body.data[0].status).toBe("expired");

    const second = await tenant.client.post("/api/integration-keys", { name: "BI", scopes: { reports: "read" } }, tenant.admin.token);
    expect((await tenant.client.get("/api/reports/live", second.body.secret)).status).toBe(200);
    const revoked = await tenant.client.delete(`/api/integration-keys/${second.body.id}`, tenant.admin.token);
    expect(revoked.body.status).toBe("revoked");
    expect((await tenant.client.get("/api/reports/live", second.body.secret)).status).toBe(401);
    // A guessed secret for a real id, another organization's admin: nothing.
    expect((await tenant.client.get("/api/reports/live", `cck_${second.body.id}_${"A".repeat(43)}`)).status).toBe(401);
    const other = await createTenant();
    expect((await other.client.delete(`/api/integration-keys/${second.body.id}`, other.admin.token)).status).toBe(404);
  });

  // Issue 59, point 4: a key is its maker's, and lasts as long as their right to make it,
  // unless an admin made it as the organization's own (a directory's key outliving whoever set it up).
  it("a key stops working when its maker is deactivated or can no longer make keys, unless it was made as the organization's key", async () => {
    const tenant = await createTenant();
    const email = `keymaker-${randomUUID().slice(0, 8)}@admins.test`;
    const maker = await tenant.client.post("/api/users", { name: "Key Maker", email, password: FACTORY_PASSWORD, role: "account_admin", department_id: null }, tenant.admin.token);
    expect(maker.status).toBe(201);
    const makerToken = await loginAs(api(), email, FACTORY_PASSWORD);
    const make = async (body: Record<string, unknown>) => {
      const created = await tenant.client.post("/api/integration-keys", body, makerToken);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: number; secret: string; organization_key: boolean };
    };
    const personal = await make({ name: "Maker's CRM", scopes: { contacts: "read" } });
    const organization = await make({ name: "Organization CRM", scopes: { contacts: "read" }, organization_key: true });
    const directory = await make({ name: "Maker's directory", scopes: { scim: "read" } });
    expect(personal.organization_key).toBe(false);
    expect(organization.organization_key).toBe(true);
    const listed = (await tenant.client.get("/api/integration-keys", tenant.admin.token)).body.data;
    expect(listed.map((k: { name: string; organization_key: boolean }) => [k.name, k.organization_key])).toEqual([
      ["Maker's directory", false],
      ["Organization CRM", true],
      ["Maker's CRM", false],
    ]);
    expect((await tenant.client.post("/api/integration-keys", { name: "x", scopes: { contacts: "read" }, organization_key: "yes" }, tenant.admin.token)).status).toBe(422);

    const works = async (secret: string) => (await tenant.client.get("/api/contacts?per_page=1", secret)).status;
    const scimWorks = async (secret: string) =>
      (await fetch(`${tenant.client.baseUrl}/scim/v2/Users?count=1`, { headers: { Authorization: `Bearer ${secret}`, Accept: "application/scim+json" } })).status;
    expect([await works(personal.secret), await works(organization.secret), await scimWorks(directory.secret)]).toEqual([200, 200, 200]);

    // Made a manager: no longer someone who may make keys, so their own keys stop; the organization's goes on.
    expect((await tenant.client.patch(`/api/users/${maker.body.id}`, { role: "dept_manager", department_id: tenant.departments.a.id }, tenant.admin.token)).status).toBe(200);
    expect([await works(personal.secret), await works(organization.secret), await scimWorks(directory.secret)]).toEqual([401, 200, 401]);
    // An admin again: theirs work again (nobody revoked them).
    expect((await tenant.client.patch(`/api/users/${maker.body.id}`, { role: "account_admin", department_id: null }, tenant.admin.token)).status).toBe(200);
    expect([await works(personal.secret), await scimWorks(directory.secret)]).toEqual([200, 200]);

    // Deactivated: the same.
    expect((await tenant.client.delete(`/api/users/${maker.body.id}`, tenant.admin.token)).status).toBe(204);
    expect([await works(personal.secret), await works(organization.secret), await scimWorks(directory.secret)]).toEqual([401, 200, 401]);
    const after = (await tenant.client.get("/api/integration-keys", tenant.admin.token)).body.data;
    expect(after.find((k: { id: number }) => k.id === organization.id)).toMatchObject({ organization_key: true, status: "active", created_by: { id: maker.body.id } });
  });
});
