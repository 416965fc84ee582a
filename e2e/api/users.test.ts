import { describe, expect, it } from "vitest";
import { api, loginAs } from "../support/api";
import { createTenant } from "../support/factories";

describe("users administration", () => {
  it("an account admin lists only users of their own organization, paginated", async () => {
    const tenant = await createTenant();
    const list = await tenant.client.get("/api/users?per_page=2", tenant.admin.token);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(list.body.data).toHaveLength(2);
    const all = await tenant.client.get("/api/users?per_page=500", tenant.admin.token);
    expect(all.body.meta.per_page).toBe(100);
    expect(all.body.data.every((u: { organization_id: number }) => u.organization_id === tenant.organization.id)).toBe(true);
  });

  it("managers and agents may not manage users (403 Forbidden.)", async () => {
    const tenant = await createTenant();
    for (const token of [tenant.managerA.token, tenant.agentA.token]) {
      const list = await tenant.client.get("/api/users", token);
      expect(list.status).toBe(403);
      expect(list.body).toEqual({ message: "Forbidden." });
      expect((await tenant.client.post("/api/users", { name: "x" }, token)).status).toBe(403);
    }
  });

  it("creates users in the admin's own organization, and refuses another organization_id with 422 instead of ignoring it", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const body = { name: "New Agent", email: `new.${tenant.organization.id}@factory.test`, password: "long-enough", role: "agent", department_id: tenant.departments.a.id };
    const foreign = await tenant.client.post("/api/users", { ...body, organization_id: other.organization.id }, tenant.admin.token);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toHaveProperty("organization_id");
    const created = await tenant.client.post("/api/users", { ...body, organization_id: tenant.organization.id }, tenant.admin.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ organization_id: tenant.organization.id, department_id: tenant.departments.a.id, role: "agent", active: true });
    expect(created.body).not.toHaveProperty("password_hash");
    const token = await loginAs(api(), created.body.email, "long-enough");
    expect((await api().get("/api/user", token)).body.id).toBe(created.body.id);
  });

  it("validates: 422 for missing fields, a department of another organization, a role without department", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const post = (body: object) => tenant.client.post("/api/users", body, tenant.admin.token);
    const missing = await post({});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["email", "name", "password", "role"]);
    const base = { name: "X", email: `x.${Date.now()}@factory.test`, password: "long-enough", role: "agent" };
    expect((await post({ ...base, department_id: other.departments.a.id })).body.errors.department_id).toBeDefined();
    expect((await post(base)).body.errors.department_id).toBeDefined();
    expect((await post({ ...base, email: "not-an-email" })).body.errors.email).toBeDefined();
  });

  it("refuses a duplicate email with 409 and the field named", async () => {
    const tenant = await createTenant();
    const duplicate = await tenant.client.post(
      "/api/users",
      { name: "Dup", email: tenant.agentA.email, password: "long-enough", role: "agent", department_id: tenant.departments.a.id },
      tenant.admin.token,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors.email).toBeDefined();
  });

  it("an account admin cannot create or promote to super_admin", async () => {
    const tenant = await createTenant();
    const create = await tenant.client.post("/api/users", { name: "Root", email: `root.${Date.now()}@factory.test`, password: "long-enough", role: "super_admin" }, tenant.admin.token);
    expect(create.status).toBe(403);
    const promote = await tenant.client.patch(`/api/users/${tenant.agentA.id}`, { role: "super_admin" }, tenant.admin.token);
    expect(promote.status).toBe(403);
  });

  it("another organization's user is 404 for read, update and delete", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const id = other.agentA.id;
    expect((await tenant.client.get(`/api/users/${id}`, tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.patch(`/api/users/${id}`, { name: "Hacked" }, tenant.admin.token)).status).toBe(404);
    expect((await tenant.client.delete(`/api/users/${id}`, tenant.admin.token)).status).toBe(404);
    expect((await other.client.get(`/api/users/${id}`, other.admin.token)).body.name).not.toBe("Hacked");
    expect((await tenant.client.get(`/api/users/abc`, tenant.admin.token)).status).toBe(404);
  });

  it("updates name, role and department; a password change revokes the old tokens", async () => {
    const tenant = await createTenant();
    const updated = await tenant.client.patch(`/api/users/${tenant.agentA.id}`, { name: "Renamed", role: "dept_manager", department_id: tenant.departments.b.id }, tenant.admin.token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Renamed", role: "dept_manager", department_id: tenant.departments.b.id });
    const empty = await tenant.client.patch(`/api/users/${tenant.agentA.id}`, {}, tenant.admin.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ name: "Renamed", role: "dept_manager" });
    const password = await tenant.client.patch(`/api/users/${tenant.agentB.id}`, { password: "a-new-password" }, tenant.admin.token);
    expect(password.status).toBe(200);
    expect((await tenant.client.get("/api/user", tenant.agentB.token)).status).toBe(401);
    await loginAs(api(), tenant.agentB.email, "a-new-password");
  });

  it("an admin cannot deactivate themselves or change their own role", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.delete(`/api/users/${tenant.admin.id}`, tenant.admin.token)).status).toBe(422);
    expect((await tenant.client.patch(`/api/users/${tenant.admin.id}`, { role: "agent" }, tenant.admin.token)).status).toBe(422);
  });
});

describe("departments and organizations", () => {
  it("admins see and create departments of their organization; names are unique", async () => {
    const tenant = await createTenant();
    const list = await tenant.client.get("/api/departments", tenant.admin.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(["A", "B"]);
    const created = await tenant.client.post("/api/departments", { name: "C" }, tenant.admin.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "C", organization_id: tenant.organization.id });
    expect((await tenant.client.post("/api/departments", { name: "c" }, tenant.admin.token)).status).toBe(409);
    expect((await tenant.client.post("/api/departments", { name: "" }, tenant.admin.token)).status).toBe(422);
  });

  it("managers and agents see only their own department and cannot create one", async () => {
    const tenant = await createTenant();
    for (const token of [tenant.managerA.token, tenant.agentA.token]) {
      const list = await tenant.client.get("/api/departments", token);
      expect(list.body.data).toEqual([expect.objectContaining({ id: tenant.departments.a.id })]);
      expect((await tenant.client.post("/api/departments", { name: "Z" }, token)).status).toBe(403);
    }
  });

  it("only a super admin creates organizations", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.post("/api/organizations", { name: "Nope" }, tenant.admin.token)).status).toBe(403);
    const own = await tenant.client.get("/api/organizations", tenant.admin.token);
    expect(own.body.data).toEqual([expect.objectContaining({ id: tenant.organization.id })]);
  });
});
