import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { api, loginAs, suiteUrl } from "../support/api";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { startOidcProvider } from "../support/oidc-test-provider";
import { proveDomain } from "../support/sso-domains";
import { ssoTrip } from "../support/sso-trip";

// Issue 46, point 1: single sign-on through OpenID Connect, against a real
// provider (oidc-provider) the test runs. The browser's trip is played with
// redirects and cookies as a browser has them: our start, the provider's
// authorize and login, our callback, and the ticket spent with the state the
// start set as a cookie.

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const baseUrl = () => suiteUrl();

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: `${baseUrl()}/api/sso/oidc/callback` });
});
afterAll(() => provider?.stop());

/** A tenant whose organization signs in through the test provider for a domain of its own, proved by its DNS record. */
async function ssoTenant(options: Record<string, unknown> = {}) {
  const tenant = await createTenant();
  const domain = `sso-${randomUUID().slice(0, 8)}.test`;
  const settings = await tenant.client.request("PUT", "/api/settings/sso", {
    token: tenant.admin.token,
    body: { protocol: "oidc", domains: [domain], oidc: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret }, ...options },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  await proveDomain(tenant.client, tenant.admin.token, domain);
  return { tenant, domain, settings: settings.body };
}

async function addUser(tenant: Tenant, email: string, role = "agent") {
  const created = await tenant.client.post(
    "/api/users",
    { name: email.split("@")[0], email, password: FACTORY_PASSWORD, role, department_id: role === "agent" ? tenant.departments.a.id : null },
    tenant.admin.token,
  );
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

const finish = (ticket: string | null, state: string) => api().request("POST", "/api/login/sso/finish", { body: { ticket, state } });
/** A finished trip's ticket and the state its browser holds, for finish(). */
const ticketOf = (trip: Awaited<ReturnType<typeof ssoTrip>>): [string | null, string] => [trip.url.searchParams.get("ticket"), trip.state];

describe("single sign-on with OpenID Connect", () => {
  it("signs a user in through the provider: authorization code with PKCE, a ticket only the starting browser can spend; the secret is never answered", async () => {
    const { tenant, domain, settings } = await ssoTenant();
    expect(settings).toMatchObject({ configured: true, protocol: "oidc", domains: [domain], oidc: { issuer: provider.issuer, client_id: provider.clientId, client_secret_set: true } });
    expect(JSON.stringify(settings)).not.toContain(provider.clientSecret);
    expect(settings.service_provider.oidc_redirect_uri).toBe(`${baseUrl()}/api/sso/oidc/callback`);
    const email = `ada@${domain}`;
    const user = await addUser(tenant, email);
    provider.addAccount({ email, name: "Ada Lovelace" });

    const trip = await ssoTrip(email);
    expect(trip.start.protocol).toBe("oidc");
    const authorize = new URL(trip.start.redirect_url);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(trip.url.pathname).toBe("/login/sso");
    const ticket = trip.url.searchParams.get("ticket")!;

    // Another browser (another state) cannot spend it; the one that started can, once.
    const elsewhere = await finish(ticket, "not-this-browser");
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.sso[0]).toMatch(/another browser/);
    const done = await finish(ticket, trip.state);
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.id, email });
    expect((await api().get("/api/user", done.body.token)).body.email).toBe(email);
    expect((await finish(ticket, trip.state)).status).toBe(422);

    const audit = (await tenant.client.get("/api/audit-log?action=user.signed_in", tenant.admin.token)).body.data;
    expect(audit.some((entry: { subject_id: string; details: { method?: string } }) => Number(entry.subject_id) === user.id && entry.details.method === "sso")).toBe(true);
    const changes = (await tenant.client.get("/api/audit-log?action=settings.sso_changed", tenant.admin.token)).body.data;
    expect(changes).toHaveLength(1);
    expect(JSON.stringify(changes)).not.toContain(provider.clientSecret);
  });

  it("refuses an ID token for another audience, an expired one, one signed by another key, a replayed code and a user the provider no longer has", async () => {
    const { tenant, domain } = await ssoTenant();
    const email = `grace@${domain}`;
    await addUser(tenant, email);
    provider.addAccount({ email, name: "Grace Hopper" });

    // Signed by the provider's own key, but for another client.
    provider.forgeIdTokens((claims) => ({ ...claims, aud: "another-client" }));
    try {
      expect((await ssoTrip(email)).url.searchParams.get("sso_error")).toBe("invalid_answer");
      const now = Math.floor(Date.now() / 1000);
      provider.forgeIdTokens((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
      expect((await ssoTrip(email)).url.searchParams.get("sso_error")).toBe("invalid_answer");
      // Claims as the provider would make them, signed by someone else's key under the provider's key id.
      provider.forgeIdTokens((claims) => claims, { foreignKey: true });
      expect((await ssoTrip(email)).url.searchParams.get("sso_error")).toBe("invalid_answer");
    } finally {
      provider.forgeIdTokens(null);
    }

    // Each start counts against the sign-in limits (five a minute per address): the rest with another user.
    const other = `alan@${domain}`;
    await addUser(tenant, other);
    provider.addAccount({ email: other, name: "Alan Turing" });
    // The provider's answer is taken once: the same callback address again is refused.
    const first = await ssoTrip(other, { stopAtCallback: true });
    const callback = first.url.toString();
    const answered = await fetch(callback, { redirect: "manual" });
    expect(new URL(answered.headers.get("location")!).pathname).toBe("/login/sso");
    const replayed = await fetch(callback, { redirect: "manual" });
    expect(new URL(replayed.headers.get("location")!).searchParams.get("sso_error")).toBe("expired");
    // And its code with a fresh sign-in's state: the provider refuses a code used once.
    const second = await ssoTrip(other, { stopAtCallback: true });
    const spliced = new URL(second.url);
    spliced.searchParams.set("code", first.url.searchParams.get("code")!);
    const reused = await fetch(spliced, { redirect: "manual" });
    expect(new URL(reused.headers.get("location")!).searchParams.get("sso_error")).toBe("provider_refused");

    provider.removeAccount(other);
    expect((await ssoTrip(other)).url.searchParams.get("sso_error")).toBe("provider_refused");
  });

  it("a person the provider names anew is refused until an admin unlinks their identity (audited); the next sign-in binds again (issue 63, point 4)", async () => {
    const { tenant, domain } = await ssoTenant();
    const email = `rehire@${domain}`;
    const user = await addUser(tenant, email);
    const identity = () => tenant.client.get(`/api/users/${user.id}/sso-identity`, tenant.admin.token);
    expect((await identity()).body).toEqual({ bound: false, subject: null, protocol: "oidc" });
    provider.addAccount({ email, name: "Re Hire", sub: "first-employment" });
    expect((await finish(...ticketOf(await ssoTrip(email)))).status).toBe(200);
    expect((await identity()).body).toEqual({ bound: true, subject: "first-employment", protocol: "oidc" });

    // Re-hired: the directory gives them a new id, and the binding refuses it.
    provider.addAccount({ email, name: "Re Hire", sub: "second-employment" });
    expect((await ssoTrip(email)).url.searchParams.get("sso_error")).toBe("other_identity");
    // A manager cannot unlink it; another organization's admin does not see the user.
    expect((await tenant.client.request("DELETE", `/api/users/${user.id}/sso-identity`, { token: tenant.managerA.token })).status).toBe(403);
    const other = await createTenant();
    expect((await other.client.request("DELETE", `/api/users/${user.id}/sso-identity`, { token: other.admin.token })).status).toBe(404);
    expect((await tenant.client.request("DELETE", `/api/users/${user.id}/sso-identity`, { token: tenant.admin.token })).status).toBe(204);
    expect((await identity()).body.bound).toBe(false);
    const audit = (await tenant.client.get("/api/audit-log?action=user.sso_unlinked", tenant.admin.token)).body.data;
    expect(audit).toEqual([expect.objectContaining({ subject_id: String(user.id), details: { subject: "first-employment" } })]);

    expect((await finish(...ticketOf(await ssoTrip(email)))).status).toBe(200);
    expect((await identity()).body.subject).toBe("second-employment");
  });

  it("creates an unknown user of a covered domain as an agent only when the admin allows it", async () => {
    const { tenant, domain } = await ssoTenant();
    const email = `new.person@${domain}`;
    provider.addAccount({ email, name: "New Person" });
    expect((await ssoTrip(email)).url.searchParams.get("sso_error")).toBe("no_account");
    expect((await tenant.client.get(`/api/users?q=${encodeURIComponent(email)}`, tenant.admin.token)).body.data).toHaveLength(0);

    const allowed = await tenant.client.request("PUT", "/api/settings/sso", {
      token: tenant.admin.token,
      body: { protocol: "oidc", domains: [domain], create_users: true, new_user_department_id: tenant.departments.b.id, oidc: { issuer: provider.issuer, client_id: provider.clientId } },
    });
    expect(allowed.status).toBe(200);
    // Left out, the secret stays.
    expect(allowed.body.oidc.client_secret_set).toBe(true);
    const trip = await ssoTrip(email);
    const done = await finish(trip.url.searchParams.get("ticket"), trip.state);
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email, name: "New Person", role: "agent", department_id: tenant.departments.b.id });
    expect((await tenant.client.get("/api/audit-log?action=user.created_by_sso", tenant.admin.token)).body.data).toHaveLength(1);
  });

  it("SSO only refuses password sign-in to everyone but the break-glass admin", async () => {
    const tenant = await createTenant();
    const domain = `sso-${randomUUID().slice(0, 8)}.test`;
    const body = { protocol: "oidc", domains: [domain], sso_only: true, oidc: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret } };
    const missing = await tenant.client.request("PUT", "/api/settings/sso", { token: tenant.admin.token, body });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.break_glass_user_id).toHaveLength(1);
    const notAdmin = await tenant.client.request("PUT", "/api/settings/sso", { token: tenant.admin.token, body: { ...body, break_glass_user_id: tenant.agentA.id } });
    expect(notAdmin.status).toBe(422);

    const saved = await tenant.client.request("PUT", "/api/settings/sso", { token: tenant.admin.token, body: { ...body, break_glass_user_id: tenant.admin.id } });
    expect(saved.status).toBe(200);
    expect(saved.body.break_glass_user).toMatchObject({ id: tenant.admin.id, email: tenant.admin.email });
    const refused = await api().request("POST", "/api/login", { body: { email: tenant.agentA.email, password: FACTORY_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ sso_required: true });
    expect(refused.body.token).toBeUndefined();
    // A wrong password is still just wrong: the answer tells nothing to someone who does not know it.
    expect((await api().request("POST", "/api/login", { body: { email: tenant.agentA.email, password: "wrong-password-here" } })).status).toBe(422);
    expect((await api().request("POST", "/api/login", { body: { email: tenant.admin.email, password: FACTORY_PASSWORD } })).status).toBe(200);

    const removed = await tenant.client.request("DELETE", "/api/settings/sso", { token: tenant.admin.token });
    expect(removed.status).toBe(204);
    expect((await api().request("POST", "/api/login", { body: { email: tenant.agentA.email, password: FACTORY_PASSWORD } })).status).toBe(200);
  });

  it("keeps a domain to one organization, refuses private provider addresses, and answers only admins", async () => {
    const { domain } = await ssoTenant();
    const other = await createTenant();
    const claimed = await other.client.request("PUT", "/api/settings/sso", {
      token: other.admin.token,
      body: { protocol: "oidc", domains: [domain], oidc: { issuer: provider.issuer, client_id: "x", client_secret: "y" } },
    });
    expect(claimed.status).toBe(409);
    const metadataAddress = await other.client.request("PUT", "/api/settings/sso", {
      token: other.admin.token,
      body: { protocol: "oidc", domains: ["private.test"], oidc: { issuer: "http://169.254.169.254/latest", client_id: "x", client_secret: "y" } },
    });
    expect(metadataAddress.status).toBe(422);
    expect(metadataAddress.body.errors.issuer[0]).toMatch(/https|public address/);
    expect((await other.client.get("/api/settings/sso", other.agentA.token)).status).toBe(403);
    expect((await other.client.get("/api/settings/sso", other.admin.token)).body).toMatchObject({ configured: false });
    // No single sign-on for an address nobody covers.
    const none = await api().request("POST", "/api/login/sso", { body: { email: "someone@nowhere-covered.test" } });
    expect(none.status).toBe(422);
    expect(none.body.errors.sso).toHaveLength(1);
  });
});

// Issue 59, point 1: a sign-on yields no more than the connection's organization may give.
describe("what a single sign-on may yield", () => {
  it("never signs in a super admin through an organization's connection, whatever address the provider asserts", async () => {
    const { tenant, domain } = await ssoTenant();
    const superToken = await loginAs(tenant.client, "super@example.com");
    const email = `root@${domain}`;
    const root = await tenant.client.post(
      "/api/users",
      { name: "Root", email, password: FACTORY_PASSWORD, role: "super_admin", department_id: null, organization_id: tenant.organization.id },
      superToken,
    );
    expect(root.status, JSON.stringify(root.body)).toBe(201);
    provider.addAccount({ email, name: "Root" });

    const trip = await ssoTrip(email);
    expect(trip.url.pathname).toBe("/login");
    expect(trip.url.searchParams.get("sso_error")).toBe("above_connection");
    const failed = (await tenant.client.get("/api/audit-log?action=user.sign_in_failed", tenant.admin.token)).body.data;
    expect(failed.some((entry: { subject_id: string; details: { reason?: string } }) => Number(entry.subject_id) === root.body.id && entry.details.reason === "above_connection")).toBe(true);
    // The organization's own admin still signs in through it.
    const adminEmail = `boss@${domain}`;
    await addUser(tenant, adminEmail, "account_admin");
    provider.addAccount({ email: adminEmail, name: "Boss" });
    const admin = await ssoTrip(adminEmail);
    const done = await finish(admin.url.searchParams.get("ticket"), admin.state);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({ email: adminEmail, role: "account_admin" });
  });

  it("asks for the second factor a user set up, unless the organization says its provider enforces one (audited)", async () => {
    const { tenant, domain } = await ssoTenant();
    const email = `kay@${domain}`;
    await addUser(tenant, email);
    provider.addAccount({ email, name: "Kay" });
    const token = await loginAs(tenant.client, email, FACTORY_PASSWORD);
    const proof = await tenant.client.request("POST", "/api/account/two-factor/proof", { token, body: { password: FACTORY_PASSWORD } });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    const setup = await tenant.client.request("POST", "/api/account/two-factor/totp", { token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const secret = setup.body.secret as string;
    expect((await tenant.client.request("POST", "/api/account/two-factor/totp/confirm", { token, body: { code: await generate({ secret }) } })).status).toBe(200);

    const trip = await ssoTrip(email);
    const asked = await finish(trip.url.searchParams.get("ticket"), trip.state);
    expect(asked.status).toBe(401);
    expect(asked.body.token).toBeUndefined();
    expect(asked.body.second_factor).toMatchObject({ methods: ["totp", "recovery_code"], setup_required: false });
    // The code finishes it, as after a password; until then no token exists.
    const finished = await api().request("POST", "/api/login/second-factor", {
      body: { challenge: asked.body.second_factor.challenge, code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.user.email).toBe(email);

    // The organization says its provider enforces multi-factor: not asked twice.
    const current = (await tenant.client.get("/api/settings/sso", tenant.admin.token)).body;
    const saved = await tenant.client.request("PUT", "/api/settings/sso", {
      token: tenant.admin.token,
      body: { protocol: "oidc", domains: current.domains, oidc: { issuer: provider.issuer, client_id: provider.clientId }, idp_enforces_mfa: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.idp_enforces_mfa).toBe(true);
    const changes = (await tenant.client.get("/api/audit-log?action=settings.sso_changed", tenant.admin.token)).body.data;
    expect(changes[0].details.idp_enforces_mfa).toBe(true);
    const again = await ssoTrip(email);
    const direct = await finish(again.url.searchParams.get("ticket"), again.state);
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body.token).toEqual(expect.any(String));
  });
});
