import { randomUUID } from "node:crypto";
import { api, loginAs, type Api } from "./api";

export const FACTORY_PASSWORD = "correct-horse-battery";

export interface TenantUser {
  id: number;
  email: string;
  token: string;
}

export interface Tenant {
  client: Api;
  organization: { id: number; name: string };
  departments: { a: { id: number }; b: { id: number } };
  admin: TenantUser;
  managerA: TenantUser;
  managerB: TenantUser;
  agentA: TenantUser;
  agentB: TenantUser;
}

/**
 * The demo super admin's token on a server, signed in once per test process:
 * every tenant is made with it, and a sign-in was a twelfth of a tenant's cost
 * (13-18 ms of the server's CPU on the embedded database, 570 tenants a suite; issue 60).
 */
const operatorTokens = new Map<string, Promise<string>>();
function operatorToken(client: Api, { renew = false } = {}): Promise<string> {
  let token = renew ? undefined : operatorTokens.get(client.baseUrl);
  if (!token) {
    token = loginAs(client, "super@example.com");
    operatorTokens.set(client.baseUrl, token);
    // A failed sign-in is not kept: the next tenant tries again.
    const kept = token;
    kept.catch(() => operatorTokens.get(client.baseUrl) === kept && operatorTokens.delete(client.baseUrl));
  }
  return token;
}

/**
 * A fresh organization with two departments and one user of each role, made
 * through the API by the demo super admin. Each test gets its own tenant, so
 * tests run in parallel and never see each other's data.
 */
export async function createTenant(baseUrl?: string): Promise<Tenant> {
  const client = api(baseUrl);
  const tag = randomUUID().slice(0, 8);
  // TEST_ORG_TIME_ZONE: every tenant on that clock (the clock runs, scripts/test-clock.mjs); else the default, UTC.
  const zone = process.env.TEST_ORG_TIME_ZONE ? { time_zone: process.env.TEST_ORG_TIME_ZONE } : {};
  let superToken = await operatorToken(client);
  let org = await client.post("/api/organizations", { name: `Org ${tag}`, departments: ["A", "B"], ...zone }, superToken);
  if (org.status === 401) {
    // The kept token was signed out (or its server restarted on a new database): a new one.
    superToken = await operatorToken(client, { renew: true });
    org = await client.post("/api/organizations", { name: `Org ${tag}`, departments: ["A", "B"], ...zone }, superToken);
  }
  if (org.status !== 201) throw new Error(`organization: ${org.status} ${JSON.stringify(org.body)}`);
  const [a, b] = org.body.departments;

  async function user(role: string, department: { id: number } | null, key: string): Promise<TenantUser> {
    const email = `${key}.${tag}@factory.test`;
    const created = await client.post(
      "/api/users",
      { name: `${key} ${tag}`, email, password: FACTORY_PASSWORD, role, department_id: department?.id ?? null, organization_id: org.body.id },
      superToken,
    );
    if (created.status !== 201) throw new Error(`user ${key}: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.id, email, token: await loginAs(client, email, FACTORY_PASSWORD) };
  }

  const [admin, managerA, managerB, agentA, agentB] = await Promise.all([
    user("account_admin", null, "admin"),
    user("dept_manager", a, "manager-a"),
    user("dept_manager", b, "manager-b"),
    user("agent", a, "agent-a"),
    user("agent", b, "agent-b"),
  ]);
  return { client, organization: { id: org.body.id, name: org.body.name }, departments: { a, b }, admin, managerA, managerB, agentA, agentB };
}
