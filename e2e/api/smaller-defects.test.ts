import { describe, expect, it } from "vitest";
import { suiteUrl } from "../support/api";
import { makeContact } from "../support/contacts";
import { inHoursPhone } from "../support/daytime-phones";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";

// Issue 59, point 9: the smaller defects of the sweep, each as it was found.

const baseUrl = () => suiteUrl();

/** The browser's sign-in (next-auth's credentials form): the session cookie it is left with. */
async function webSession(email: string): Promise<string> {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookies = csrf.headers.getSetCookie().map((line) => line.split(";")[0]);
  const signedIn = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies.join("; "), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password: FACTORY_PASSWORD, json: "true" }).toString(),
  });
  const session = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.includes("session-token"));
  expect(session, `sign-in answered ${signedIn.status}`).toHaveLength(1);
  return [...cookies, ...session].join("; ");
}

describe("the smaller defects of issue 59", () => {
  it("next-auth's credentials callback and sign-in read with GET answer 405, an unknown provider 404, never 500", async () => {
    for (const path of ["/api/auth/callback/credentials", "/api/auth/signin/credentials"]) {
      const answer = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
      expect((await answer.json()).message).toBe("Method not allowed.");
    }
    expect((await fetch(`${baseUrl()}/api/auth/callback/github`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${baseUrl()}/api/auth/callback/credentials/extra`, { method: "POST", redirect: "manual" })).status).toBe(404);
  });

  it("once a web session is ended, its cookie is worth nothing: no identity, no token, no page drawn for the user", async () => {
    const tenant = await createTenant();
    const cookie = await webSession(tenant.agentA.email);
    const before = await (await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } })).json();
    expect(before.user.email).toBe(tenant.agentA.email);
    expect(before.apiToken).toEqual(expect.any(String));

    // The admin ends every session of the agent.
    expect((await tenant.client.request("DELETE", `/api/users/${tenant.agentA.id}/sessions`, { token: tenant.admin.token })).status).toBe(200);
    const after = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } });
    expect(after.status).toBe(200);
    const body = await after.json();
    expect(body).toEqual({});
    expect(JSON.stringify(body)).not.toContain(tenant.agentA.email);
    // And the cookie is cleared.
    expect(after.headers.getSetCookie().some((line) => /session-token=;/.test(line) || /session-token=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(line))).toBe(true);
    const page = await fetch(`${baseUrl()}/account`, { headers: { cookie }, redirect: "manual" });
    const html = page.status === 200 ? await page.text() : "";
    expect(html).not.toContain(tenant.agentA.email);
    if (page.status !== 200) expect(page.headers.get("location") ?? "").toContain("/login");
  });

  it("an agent schedules a callback only into a queue they serve", async () => {
    const tenant = await createTenant();
    const contact = await makeContact(tenant, { phone: inHoursPhone() });
    const queues = (await tenant.client.get("/api/queues", tenant.admin.token)).body.data as { id: number; department_id: number | null }[];
    const otherDepartment = queues.find((q) => q.department_id === tenant.departments.b.id)!;
    const own = queues.find((q) => q.department_id === tenant.departments.a.id)!;
    const at = new Date(Date.now() + 60_000).toISOString();
    const refused = await tenant.client.post("/api/callbacks", { contact_id: contact.id, at, queue_id: otherDepartment.id }, tenant.agentA.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.queue_id[0]).toMatch(/not a queue you serve/);
    expect((await tenant.client.get("/api/callbacks", tenant.managerB.token)).body.data).toEqual([]);
    expect((await tenant.client.post("/api/callbacks", { contact_id: contact.id, at, queue_id: own.id }, tenant.agentA.token)).status).toBe(201);
    // An admin serves every queue.
    expect((await tenant.client.post("/api/callbacks", { contact_id: contact.id, at, queue_id: otherDepartment.id }, tenant.admin.token)).status).toBe(201);
  });
});
