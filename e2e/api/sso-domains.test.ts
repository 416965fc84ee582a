import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, loginAs, suiteUrl } from "../support/api";
import { publishTxt, removeTxt } from "../support/dns-records";
import { createTenant, FACTORY_PASSWORD, type Tenant } from "../support/factories";
import { startOidcProvider } from "../support/oidc-test-provider";
import { domainClaim, proveDomain, verifyDomain } from "../support/sso-domains";
import { ssoTrip } from "../support/sso-trip";

// Issue 59, point 2: an SSO domain counts only once it is proved. A domain is
// claimed pending with a token; it is verified when the TXT record
// contact-center-verification=<token> is found on it, on a real DNS server
// the suite runs on loopback (e2e/support/dns-test-server.mjs) and the
// servers ask (DNS_SERVERS). Only verified domains route sign-ins, create
// users or keep the domain from another organization; a super admin revokes a claim.

let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: `${suiteUrl()}/api/sso/oidc/callback` });
});
afterAll(() => provider?.stop());

const newDomain = () => `claim-${randomUUID().slice(0, 8)}.test`;

/** The organization's single sign-on through the test provider, for these domains (claimed, not proved). */
async function claim(tenant: Tenant, domains: string[], options: Record<string, unknown> = {}) {
  return tenant.client.request("PUT", "/api/settings/sso", {
    token: tenant.admin.token,
    body: { protocol: "oidc", domains, oidc: { issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.clientSecret }, ...options },
  });
}

const startSso = (email: string) => api().request("POST", "/api/login/sso", { body: { email } });

describe("SSO domains are proved by DNS", () => {
  it("a pending claim blocks nobody: two organizations claim one domain, and the one that publishes its record holds it", async () => {
    const domain = newDomain();
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const claimedByA = await claim(a, [domain]);
    expect(claimedByA.status, JSON.stringify(claimedByA.body)).toBe(200);
    expect(claimedByA.body.domain_claims).toEqual([
      { domain, status: "pending", verified_at: null, txt_record: { name: domain, type: "TXT", value: expect.stringMatching(/^contact-center-verification=[0-9a-f]{32}$/) } },
    ]);
    const claimedByB = await claim(b, [domain]);
    expect(claimedByB.status, JSON.stringify(claimedByB.body)).toBe(200);
    // Each claim has a token of its own.
    expect(claimedByB.body.domain_claims[0].txt_record.value).not.toBe(claimedByA.body.domain_claims[0].txt_record.value);

    const proved = await proveDomain(b.client, b.admin.token, domain);
    expect(proved).toMatchObject({ domain, status: "verified", verified_at: expect.any(String) });
    expect(Date.parse(proved.verified_at!)).toBeGreaterThan(Date.now() - 60_000);
    // A publishing its own record changes nothing now: B holds the domain.
    const aClaim = await domainClaim(a.client, a.admin.token, domain);
    await publishTxt(domain, aClaim.txt_record.value);
    const late = await verifyDomain(a.client, a.admin.token, domain);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already verified by another organization/);
    expect((await domainClaim(a.client, a.admin.token, domain)).status).toBe("pending");
    // And A can no longer claim it afresh in its settings: another organization holds it verified.
    const again = await claim(a, [domain, newDomain()]);
    expect(again.status).toBe(409);
  });

  it("a pending domain routes no sign-in (answered as an address nobody covers) and creates no users", async () => {
    const tenant = await createTenant();
    const [verified, pending] = [newDomain(), newDomain()];
    expect((await claim(tenant, [verified, pending], { create_users: true, new_user_department_id: tenant.departments.a.id })).status).toBe(200);
    await proveDomain(tenant.client, tenant.admin.token, verified);
    provider.addAccount({ email: `new@${pending}`, name: "Not Proved" });

    const uncovered = await startSso(`someone@${newDomain()}`);
    const onPending = await startSso(`new@${pending}`);
    expect(uncovered.status).toBe(422);
    expect([onPending.status, onPending.body]).toEqual([uncovered.status, uncovered.body]);

    // The provider vouches for an address on the pending domain in a sign-in started on the verified one: refused, nobody created.
    const email = `new.person@${pending}`;
    provider.addAccount({ email: `starter@${verified}`, name: "Starter" });
    provider.forgeIdTokens((claims) => ({ ...claims, email, name: "Smuggled In" }));
    try {
      expect((await ssoTrip(`starter@${verified}`)).url.searchParams.get("sso_error")).toBe("not_covered");
    } finally {
      provider.forgeIdTokens(null);
    }
    expect((await tenant.client.get(`/api/users?q=${encodeURIComponent(email)}`, tenant.admin.token)).body.data).toHaveLength(0);
    expect((await tenant.client.get("/api/audit-log?action=user.created_by_sso", tenant.admin.token)).body.data).toHaveLength(0);
  });

  it("verifies once the record is published: before, a 422 names the record to publish; after, the domain routes sign-ins", async () => {
    const tenant = await createTenant();
    const domain = newDomain();
    const saved = await claim(tenant, [domain]);
    const record = saved.body.domain_claims[0].txt_record.value as string;

    const early = await verifyDomain(tenant.client, tenant.admin.token, domain);
    expect(early.status).toBe(422);
    expect(early.body.errors.domain[0]).toContain(`TXT record "${record}"`);
    expect(early.body.errors.domain[0]).toContain(domain);
    expect((await startSso(`ada@${domain}`)).status).toBe(422);

    // Published beside the domain's other TXT records, as a real domain has them.
    await publishTxt(domain, "v=spf1 -all");
    await publishTxt(domain, record);
    const verified = await verifyDomain(tenant.client, tenant.admin.token, domain);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ domain, status: "verified" });
    const started = await startSso(`ada@${domain}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(new URL(started.body.redirect_url).origin).toBe(provider.issuer);

    // Verified stays verified: the record may go, the claim is answered as it is; saving the settings again keeps it.
    await removeTxt(domain);
    expect((await verifyDomain(tenant.client, tenant.admin.token, domain)).body.status).toBe("verified");
    expect((await claim(tenant, [domain, newDomain()])).body.domain_claims.find((c: { domain: string }) => c.domain === domain).status).toBe("verified");
    const audit = (await tenant.client.get("/api/audit-log?action=settings.sso_domain_verified", tenant.admin.token)).body.data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ domain, record });
    // Another organization's admins, managers and agents do not verify this one's claims.
    const other = await createTenant();
    expect((await verifyDomain(other.client, other.admin.token, domain)).status).toBe(404);
    expect((await verifyDomain(tenant.client, tenant.agentA.token, domain)).status).toBe(403);
  });

  it("a record with another token does not verify the claim", async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const domain = newDomain();
    await claim(a, [domain]);
    await claim(b, [domain]);
    const theirs = await domainClaim(b.client, b.admin.token, domain);
    const ours = await domainClaim(a.client, a.admin.token, domain);
    // Another claim's token, a made-up one, and ours on another name (a subdomain) are all refused.
    await publishTxt(domain, theirs.txt_record.value);
    await publishTxt(domain, `contact-center-verification=${"0".repeat(32)}`);
    await publishTxt(`www.${domain}`, ours.txt_record.value);
    const refused = await verifyDomain(a.client, a.admin.token, domain);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.domain[0]).toContain(ours.txt_record.value);
    expect((await domainClaim(a.client, a.admin.token, domain)).status).toBe("pending");
    expect((await startSso(`grace@${domain}`)).status).toBe(422);
  });

  it("a super admin revokes a claim; then another organization can prove the domain", async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const domain = newDomain();
    await claim(a, [domain]);
    await proveDomain(a.client, a.admin.token, domain);
    expect((await claim(b, [domain])).status).toBe(409);
    // B claims another domain first, then this one once A no longer holds it; meanwhile B cannot verify what A holds.
    const other = newDomain();
    await claim(b, [other]);

    const path = `/api/organizations/${a.organization.id}/sso-domains/${domain}`;
    expect((await a.client.delete(path, a.admin.token)).status).toBe(403);
    expect((await b.client.delete(path, b.admin.token)).status).toBe(403);
    const superToken = await loginAs(api(), "super@example.com");
    expect((await api().delete(`/api/organizations/${b.organization.id}/sso-domains/${domain}`, superToken)).status).toBe(404);
    expect((await api().delete(path, superToken)).status).toBe(204);
    expect((await api().delete(path, superToken)).status).toBe(404);

    // A's people of the domain no longer reach its provider; the revocation is in A's log.
    expect((await startSso(`lin@${domain}`)).status).toBe(422);
    expect((await a.client.get("/api/settings/sso", a.admin.token)).body.domains).toEqual([]);
    const audit = (await a.client.get("/api/audit-log?action=settings.sso_domain_revoked", a.admin.token)).body.data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ domain, was_verified: true });

    expect((await claim(b, [other, domain])).status).toBe(200);
    await proveDomain(b.client, b.admin.token, domain);
    // The domain's people now sign in as B's.
    const email = `lin@${domain}`;
    const created = await b.client.post("/api/users", { name: "Lin", email, password: FACTORY_PASSWORD, role: "agent", department_id: b.departments.a.id }, b.admin.token);
    expect(created.status).toBe(201);
    provider.addAccount({ email, name: "Lin" });
    const trip = await ssoTrip(email);
    const done = await api().request("POST", "/api/login/sso/finish", { body: { ticket: trip.url.searchParams.get("ticket"), state: trip.state } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({ id: created.body.id, organization_id: b.organization.id });
  });
});
