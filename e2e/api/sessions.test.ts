import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { subscribe } from "../support/event-stream";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";

// Issue 46, point 5: sessions you can see. Each sign-in is a session with its
// device, address and times; its user ends any of them, an admin all of a
// user's; sign-ins, failures and ends are in the audit log.

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function loginWithAgent(email: string, userAgent: string) {
  const client = api();
  const answer = await client.request("POST", "/api/login", { body: { email, password: FACTORY_PASSWORD }, headers: { "User-Agent": userAgent } });
  expect(answer.status).toBe(200);
  return { client, token: answer.body.token as string };
}

describe("sessions", () => {
  it("a user lists their sessions with device, address and times, ends another one, and that one is refused at once and its stream closes", async () => {
    const tenant = await createTenant();
    const phone = await loginWithAgent(tenant.agentA.email, PHONE);
    const stream = await subscribe(phone.token);

    const listed = await tenant.client.get("/api/sessions", tenant.agentA.token);
    expect(listed.status).toBe(200);
    const mine = listed.body.data as { id: number; kind: string; device: string; address: string | null; current: boolean; created_at: string; last_used_at: string | null }[];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const current = mine.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].id).toBe(Number(tenant.agentA.token.split("|")[0]));
    const onPhone = mine.find((s) => s.id === Number(phone.token.split("|")[0]))!;
    expect(onPhone).toMatchObject({ kind: "api", device: "Safari on iPhone", current: false });
    expect(onPhone.address).toMatch(/^10\./);
    expect(Date.parse(onPhone.created_at)).not.toBeNaN();
    // No secret or hash ever leaves.
    expect(JSON.stringify(listed.body)).not.toMatch(/token_hash|\|/);

    // Another user's session is not theirs to end; nor is an unknown one.
    expect((await tenant.client.request("DELETE", `/api/sessions/${onPhone.id}`, { token: tenant.agentB.token })).status).toBe(404);
    expect((await tenant.client.request("DELETE", "/api/sessions/999999999", { token: tenant.agentA.token })).status).toBe(404);
    expect((await phone.client.get("/api/user", phone.token)).status).toBe(200);

    expect((await tenant.client.request("DELETE", `/api/sessions/${onPhone.id}`, { token: tenant.agentA.token })).status).toBe(204);
    expect((await phone.client.get("/api/user", phone.token)).status).toBe(401);
    await stream.ended;
    expect((await tenant.client.get("/api/sessions", tenant.agentA.token)).body.data.map((s: { id: number }) => s.id)).not.toContain(onPhone.id);
    // Ended once: a second end is 404, and the caller's own session goes on.
    expect((await tenant.client.request("DELETE", `/api/sessions/${onPhone.id}`, { token: tenant.agentA.token })).status).toBe(404);
    expect((await tenant.client.get("/api/user", tenant.agentA.token)).status).toBe(200);

    const audit = (await tenant.client.get("/api/audit-log?action=session.ended", tenant.admin.token)).body.data;
    expect(audit).toEqual([expect.objectContaining({ action: "session.ended", user_id: tenant.agentA.id, details: expect.objectContaining({ session_id: onPhone.id }) })]);
  });

  it("an admin reads a user's sessions and ends them all; only admins, only their organization's users", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const second = await loginWithAgent(tenant.agentB.email, "curl/8.5.0");
    const listed = await tenant.client.get(`/api/users/${tenant.agentB.id}/sessions`, tenant.admin.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThanOrEqual(2);
    expect(listed.body.data.every((s: { current: boolean }) => !s.current)).toBe(true);

    expect((await tenant.client.request("DELETE", `/api/users/${tenant.agentB.id}/sessions`, { token: tenant.managerA.token })).status).toBe(403);
    expect((await tenant.client.get(`/api/users/${tenant.agentB.id}/sessions`, tenant.agentA.token)).status).toBe(403);
    expect((await other.client.request("DELETE", `/api/users/${tenant.agentB.id}/sessions`, { token: other.admin.token })).status).toBe(404);
    expect((await second.client.get("/api/user", second.token)).status).toBe(200);

    const ended = await tenant.client.request("DELETE", `/api/users/${tenant.agentB.id}/sessions`, { token: tenant.admin.token });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBeGreaterThanOrEqual(2);
    expect((await second.client.get("/api/user", second.token)).status).toBe(401);
    expect((await tenant.client.get("/api/user", tenant.agentB.token)).status).toBe(401);
    expect((await tenant.client.get(`/api/users/${tenant.agentB.id}/sessions`, tenant.admin.token)).body.data).toEqual([]);
    const audit = (await tenant.client.get("/api/audit-log?action=user.sessions.ended", tenant.admin.token)).body.data;
    expect(audit).toEqual([expect.objectContaining({ user_id: tenant.admin.id, subject_id: String(tenant.agentB.id), details: { ended: ended.body.ended } })]);
  });

  it("sign-ins and failed sign-ins to a known account are in its organization's audit log, with the address", async () => {
    const tenant = await createTenant();
    const client = api();
    expect((await client.post("/api/login", { email: tenant.agentA.email, password: "not-the-password" })).status).toBe(422);
    expect((await client.post("/api/login", { email: tenant.agentA.email, password: FACTORY_PASSWORD })).status).toBe(200);
    const failed = (await tenant.client.get("/api/audit-log?action=user.sign_in_failed", tenant.admin.token)).body.data;
    expect(failed).toEqual([expect.objectContaining({ subject_id: String(tenant.agentA.id), details: expect.objectContaining({ reason: "wrong_password", kind: "api" }) })]);
    expect(failed[0].details.address).toMatch(/^10\./);
    const signedIn = (await tenant.client.get(`/api/audit-log?action=user.signed_in`, tenant.admin.token)).body.data;
    expect(signedIn.filter((e: { subject_id: string }) => e.subject_id === String(tenant.agentA.id)).length).toBeGreaterThanOrEqual(2);
    // Another organization reads none of it.
    const other = await createTenant();
    const theirs = (await other.client.get("/api/audit-log?action=user.sign_in_failed", other.admin.token)).body.data;
    expect(theirs.filter((e: { subject_id: string }) => e.subject_id === String(tenant.agentA.id))).toEqual([]);
  });
});
