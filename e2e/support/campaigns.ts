import { expect, inject } from "vitest";
import { loginAs, suiteUrl } from "./api";
import { FACTORY_PASSWORD, type Tenant } from "./factories";
import { provider } from "./provider";

export { inHoursPhone, outOfHoursPhone } from "./daytime-phones";

let counter = 0;

export interface PlacedCall {
  sid: string;
  To: string;
  From: string;
  Url: string;
  StatusCallback: string;
  MachineDetection?: string;
  /** When the double received the dial (ms since the epoch). */
  at: number;
}

/** What the engine dialed, as the fake provider recorded it. */
export async function placedCalls(to?: string): Promise<PlacedCall[]> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__calls${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  return response.json();
}

/**
 * The calls the engine placed to `to`, once there are `count` of them. The
 * wait is long (a tick beside two other busy test files can take seconds) and
 * ends as soon as they are there; running out of it says so by name rather
 * than as an undefined call further on, with where things stood on the
 * server when `explain` is given (a gate once ran out of it with no clue why).
 */
export async function waitForCalls(to: string, count = 1, timeoutMs = 20_000, explain?: () => Promise<unknown>): Promise<PlacedCall[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const calls = await placedCalls(to);
    if (calls.length >= count) return calls;
    if (Date.now() > deadline) {
      const state = explain ? `\nOn the server: ${JSON.stringify(await explain().catch((error) => String(error)))}` : "";
      throw new Error(`waitForCalls: ${calls.length} of ${count} call(s) to ${to} placed within ${timeoutMs / 1000} s${state}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Where a campaign stands (for waitForCalls' `explain`): its status, its
 * contacts and the agents' states, the contacts and agents first and only the
 * fields that say why nothing was dialed (the gate keeps a failure's first
 * lines; a whole campaign record once filled them).
 */
export function campaignState(tenant: Tenant, campaignId: number, agents: { token: string }[]) {
  return async () => {
    const contacts = (await tenant.client.get(`/api/campaigns/${campaignId}/contacts?per_page=100`, tenant.admin.token)).body.data as Record<string, unknown>[];
    const campaign = (await tenant.client.get(`/api/campaigns/${campaignId}`, tenant.admin.token)).body;
    return {
      contacts: contacts.map(({ contact_id, state, attempts, last_outcome, assigned_user_id, next_attempt_at }) => ({ contact_id, state, attempts, last_outcome, assigned_user_id, next_attempt_at })),
      agents: await Promise.all(agents.map(async (agent) => (await tenant.client.get("/api/agent/status", agent.token)).body)),
      campaign: { status: campaign.status, dialing_mode: campaign.dialing_mode, started_at: campaign.started_at },
    };
  };
}

/** The provider calls back an address it was given (signed over that address). */
export function playCallback(address: string, params: Record<string, string>, baseUrl = suiteUrl()) {
  const url = new URL(address);
  return provider(baseUrl).post(url.pathname + url.search, params);
}

/** Another agent in department A of the tenant, signed in. */
export async function extraAgent(tenant: Tenant, key: string, departmentId = tenant.departments.a.id) {
  const email = `${key}.${Date.now()}.${counter++}@factory.test`;
  const created = await tenant.client.post("/api/users", { name: key, email, password: FACTORY_PASSWORD, role: "agent", department_id: departmentId }, tenant.admin.token);
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as number, token: await loginAs(tenant.client, email, FACTORY_PASSWORD) };
}

export const ALL_DAY = { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] };

/** A campaign made by the tenant's manager (or `token`), calling all day unless the body says otherwise. */
export async function campaign(tenant: Tenant, body: Record<string, unknown>, token = tenant.managerA.token) {
  const response = await tenant.client.post("/api/campaigns", { name: "Spring outreach", calling_window: ALL_DAY, ...body }, token);
  if (response.status !== 201) throw new Error(`campaign: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const available = async (tenant: Tenant, token: string) => expect((await tenant.client.post("/api/agent/status", { status: "available" }, token)).status).toBe(200);
export const contactsOf = async (tenant: Tenant, id: number) => (await tenant.client.get(`/api/campaigns/${id}/contacts?per_page=100`, tenant.managerA.token)).body.data;
