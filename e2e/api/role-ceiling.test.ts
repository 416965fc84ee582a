import { describe, expect, it } from "vitest";
import { api, loginAs } from "../support/api";
import { createTenant, FACTORY_PASSWORD, type Tenant } from "../support/factories";

// Issue 59, point 5: nobody acts on a role above their own, on any route. A table test: every
// operation of the API document whose path names a user is tried by each role against each higher
// role of the same organization (and department), and must answer 403 or 404, changing nothing.
// A route added under /api/users/{id} is walked without a new test; it only needs a body here
// when an empty one is not valid for it (else the test fails and says so).

type Json = Record<string, any>;

/** A body valid for each operation, so the request reaches the check of who it acts on (not a 422 before it). */
const VALID_BODIES: Record<string, unknown> = {
  "PATCH /api/users/{id}": { name: "Renamed by someone below" },
  "PUT /api/users/{id}/skills": [{ skill: "spanish", level: 5 }],
};

const RANK = ["agent", "dept_manager", "account_admin", "super_admin"] as const;
type Role = (typeof RANK)[number];

/** One person of each role in the tenant's organization (managers and agents in department A), with a session each. */
async function peopleOf(tenant: Tenant) {
  const client = api();
  const superToken = await loginAs(client, "super@example.com");
  const tag = Math.random().toString(36).slice(2, 8);
  const make = async (role: Role) => {
    const email = `${role}.ceiling.${tag}@factory.test`;
    const created = await client.post(
      "/api/users",
      {
        name: `${role} ${tag}`,
        email,
        password: FACTORY_PASSWORD,
        role,
        department_id: role === "agent" || role === "dept_manager" ? tenant.departments.a.id : null,
        organization_id: tenant.organization.id,
      },
      superToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.id as number, role, email, token: await loginAs(client, email, FACTORY_PASSWORD) };
  };
  return Promise.all(RANK.map(make));
}

describe("no one acts on a role above their own", async () => {
  const { body: document } = await api().get("/api/openapi.json");
  const operations = Object.entries(document.paths as Record<string, Json>)
    .filter(([path]) => path.startsWith("/api/users/{id}"))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })));

  it("walks every operation that names a user, as each role against each higher one", { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(6);
    const tenant = await createTenant();
    const people = await peopleOf(tenant);
    const failures: string[] = [];
    let tried = 0;
    for (const actor of people) {
      for (const target of people.filter((p) => RANK.indexOf(p.role) > RANK.indexOf(actor.role))) {
        for (const { path, method } of operations) {
          const body = VALID_BODIES[`${method} ${path}`] ?? (method === "GET" || method === "DELETE" ? undefined : {});
          const answer = await tenant.client.request(method, path.replace("{id}", String(target.id)), { token: actor.token, ...(body !== undefined && { body }) });
          tried += 1;
          if (answer.status !== 403 && answer.status !== 404) failures.push(`${actor.role} → ${target.role}: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBe(operations.length * 6);

    // Nothing changed: every higher role is still signed in, named as before, with no skills set.
    const superToken = await loginAs(tenant.client, "super@example.com");
    for (const person of people) {
      expect((await tenant.client.get("/api/user", person.token)).status, `${person.role} still signed in`).toBe(200);
      const seen = (await tenant.client.get(`/api/users/${person.id}`, superToken)).body;
      expect(seen.name).not.toMatch(/Renamed/);
      expect(seen.skills ?? []).toEqual([]);
    }
  });

  it("an account admin does not see the super admin in their list, nor add them to a queue; they still manage those below", async () => {
    const tenant = await createTenant();
    const [agent, , , root] = await peopleOf(tenant);
    const listed = (await tenant.client.get("/api/users?per_page=100", tenant.admin.token)).body.data as { id: number }[];
    expect(listed.map((u) => u.id)).toContain(agent.id);
    expect(listed.map((u) => u.id)).not.toContain(root.id);
    const members = await tenant.client.request("PUT", `/api/settings/routing/queues/${tenant.departments.b.id}`, { token: tenant.admin.token, body: { member_ids: [root.id] } });
    expect(members.status).toBe(422);
    expect(members.body.errors["member_ids.0"]).toBeDefined();
    // Those at or below their own rank: as before.
    expect((await tenant.client.request("PUT", `/api/users/${agent.id}/skills`, { token: tenant.admin.token, body: [{ skill: "spanish", level: 5 }] })).status).toBe(200);
    expect((await tenant.client.request("PUT", `/api/users/${agent.id}/skills`, { token: tenant.managerA.token, body: [{ skill: "french", level: 3 }] })).status).toBe(200);
    expect((await tenant.client.get(`/api/users/${agent.id}/sessions`, tenant.admin.token)).status).toBe(200);
    expect((await tenant.client.request("DELETE", `/api/users/${agent.id}/sessions`, { token: tenant.admin.token })).body).toMatchObject({ ended: 1 });
  });
});
