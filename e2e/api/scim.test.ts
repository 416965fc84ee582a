import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { api, loginAs, suiteUrl } from "../support/api";
import { subscribe } from "../support/event-stream";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { ENTERPRISE_USER, ERROR, GROUP, PATCH_OP, scim, scimKey, USER } from "../support/scim-client";

// Issue 46, point 4: SCIM 2.0 provisioning (RFC 7644), as a directory (Okta,
// Entra ID) drives it: an integration key with the scim scope, the RFC's own
// example requests where they apply, lookups by userName and externalId,
// PATCH as §3.5.2 defines it, and deactivation that signs a person out
// everywhere at once.

/** RFC 7644 §3.3's example user, with an address of a domain of this test's own (userName is how people sign in here). */
function bjensen(domain: string) {
  return {
    schemas: [USER],
    userName: `bjensen@${domain}`,
    externalId: `bjensen-${domain}`,
    name: { formatted: "Ms. Barbara J Jensen III", familyName: "Jensen", givenName: "Barbara" },
    emails: [{ value: `bjensen@${domain}`, type: "work", primary: true }],
    password: "t1meMa$heen-correct",
  };
}

describe("SCIM 2.0 provisioning", () => {
  it("answers only an integration key with the scim scope, in SCIM's error shape", async () => {
    const tenant = await createTenant();
    const none = await scim("")("GET", "/Users");
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toContain("application/scim+json");
    expect(none.body).toMatchObject({ schemas: [ERROR], status: "401" });
    expect((await scim(tenant.admin.token)("GET", "/Users")).status).toBe(401);
    const contactsKey = (await tenant.client.post("/api/integration-keys", { name: "CRM", scopes: { contacts: "write" } }, tenant.admin.token)).body.secret;
    expect((await scim(contactsKey)("GET", "/Users")).status).toBe(403);
    const reader = scim(await scimKey(tenant, "read"));
    expect((await reader("GET", "/Users")).status).toBe(200);
    expect((await reader("POST", "/Users", bjensen("read-only.test"))).status).toBe(403);
    // A scim key opens no /api route.
    expect((await tenant.client.get("/api/users", await scimKey(tenant))).status).toBe(403);
  });

  it("describes itself: service provider config, schemas and resource types", async () => {
    const client = scim(await scimKey(await createTenant(), "read"));
    const config = await client("GET", "/ServiceProviderConfig");
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: "oauthbearertoken" })],
    });
    const schemas = await client("GET", "/Schemas");
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([USER, ENTERPRISE_USER, GROUP]);
    expect((await client("GET", `/Schemas/${USER}`)).body.attributes.map((a: { name: string }) => a.name)).toContain("userName");
    expect((await client("GET", "/Schemas/urn:nothing")).status).toBe(404);
    expect((await client("GET", "/ResourceTypes")).body.Resources.map((r: { endpoint: string }) => r.endpoint)).toEqual(["/Users", "/Groups"]);
  });

  it("creates, finds, replaces, patches and deletes a user (RFC 7644 §3.3-3.6)", async () => {
    const tenant = await createTenant();
    const client = scim(await scimKey(tenant));
    const domain = `scim-${randomUUID().slice(0, 8)}.test`;

    // The RFC's userName "bjensen" is no address and it gives no email: refused in SCIM's words.
    const noAddress = await client("POST", "/Users", { schemas: [USER], userName: "bjensen", name: { givenName: "Barbara" } });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({ schemas: [ERROR], status: "400", scimType: "invalidValue" });

    const created = await client("POST", "/Users", bjensen(domain));
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toContain("application/scim+json");
    expect(created.headers.get("location")).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName: `bjensen@${domain}`,
      externalId: `bjensen-${domain}`,
      displayName: "Ms. Barbara J Jensen III",
      active: true,
      meta: { resourceType: "User" },
    });
    expect(created.body.password).toBeUndefined();
    const id = created.body.id as string;
    expect((await client("POST", "/Users", bjensen(domain))).body).toMatchObject({ status: "409", scimType: "uniqueness" });
    // The password the directory set signs them in.
    const signedIn = await api().request("POST", "/api/login", { body: { email: `bjensen@${domain}`, password: "t1meMa$heen-correct" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: "agent", department_id: tenant.departments.a.id });

    // Lookups as Okta and Entra ID make them (RFC 7644 §3.4.2.2).
    const byName = await client("GET", `/Users?filter=${encodeURIComponent(`userName eq "BJENSEN@${domain}"`)}`);
    expect(byName.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [{ id }] });
    expect((await client("GET", `/Users?filter=${encodeURIComponent(`externalId eq "bjensen-${domain}"`)}`)).body.Resources).toHaveLength(1);
    expect((await client("GET", `/Users?filter=${encodeURIComponent('userName eq "nobody@nowhere.test"')}`)).body).toMatchObject({ totalResults: 0, Resources: [] });
    expect((await client("GET", `/Users?filter=${encodeURIComponent('name.familyName co "Jen"')}`)).body).toMatchObject({ status: "400", scimType: "invalidFilter" });
    const page = await client("GET", "/Users?startIndex=2&count=2");
    expect(page.body.totalResults).toBe(6);
    expect(page.body.Resources.map((u: { id: string }) => u.id)).toHaveLength(2);

    // PUT replaces (§3.5.1); PATCH operates (§3.5.2), Entra ID's way included.
    const replaced = await client("PUT", `/Users/${id}`, { schemas: [USER], userName: `bjensen@${domain}`, externalId: `bjensen-${domain}`, name: { givenName: "Babs", familyName: "Jensen" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.displayName).toBe("Babs Jensen");
    const patched = await client("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "replace", value: { displayName: "Barbara Jensen" } },
        { op: "replace", path: "userName", value: `barbara@${domain}` },
        { op: "replace", path: 'emails[type eq "work"].value', value: `barbara@${domain}` },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: "Barbara Jensen", userName: `barbara@${domain}` });
    expect((await client("PATCH", `/Users/${id}`, { Operations: [] })).body).toMatchObject({ status: "400", scimType: "invalidSyntax" });

    // Deactivation signs them out everywhere at once: the token stops, the event stream closes.
    const stream = await subscribe(signedIn.body.token);
    expect(stream.response.status).toBe(200);
    const deactivated = await client("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "False" }] });
    expect(deactivated.body.active).toBe(false);
    await stream.ended;
    expect((await api().get("/api/user", signedIn.body.token)).status).toBe(401);
    expect((await api().request("POST", "/api/login", { body: { email: `barbara@${domain}`, password: "t1meMa$heen-correct" } })).status).toBe(422);
    expect((await tenant.client.get("/api/audit-log?action=user.deprovisioned", tenant.admin.token)).body.data).toHaveLength(1);

    // DELETE: gone for SCIM from then on (§3.6), the record kept for its history.
    expect((await client("DELETE", `/Users/${id}`)).status).toBe(204);
    expect((await client("GET", `/Users/${id}`)).status).toBe(404);
    expect((await client("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: true }] })).status).toBe(404);
    expect((await tenant.client.get(`/api/users/${id}`, tenant.admin.token)).body.active).toBe(false);
    // Provisioned again, the same person comes back.
    const back = await client("POST", "/Users", { ...bjensen(domain), userName: `barbara@${domain}`, emails: [] });
    expect(back.status).toBe(201);
    expect(back.body.id).toBe(id);
  });

  it("groups are departments: members join and leave them (RFC 7644 §3.5.2's member operations)", async () => {
    const tenant = await createTenant();
    const client = scim(await scimKey(tenant));
    const groups = await client("GET", `/Groups?filter=${encodeURIComponent('displayName eq "a"')}`);
    expect(groups.body.Resources).toEqual([expect.objectContaining({ id: String(tenant.departments.a.id), displayName: "A" })]);
    expect(groups.body.Resources[0].members.map((m: { value: string }) => Number(m.value)).sort()).toEqual([tenant.managerA.id, tenant.agentA.id].sort());
    expect((await client("GET", "/Groups?excludedAttributes=members")).body.Resources[0].members).toBeUndefined();

    const created = await client("POST", "/Groups", { schemas: [GROUP], displayName: "Tour Guides", externalId: "tour-guides", members: [{ value: String(tenant.agentA.id) }] });
    expect(created.status).toBe(201);
    const groupId = created.body.id as string;
    const departmentOf = async (userId: number) => (await tenant.client.get(`/api/users/${userId}`, tenant.admin.token)).body.department_id;
    expect(await departmentOf(tenant.agentA.id)).toBe(Number(groupId));
    expect((await client("POST", "/Groups", { schemas: [GROUP], displayName: "tour guides" })).body).toMatchObject({ status: "409", scimType: "uniqueness" });

    // The admin has no department, so no group: naming one is refused, saying so, and changes nothing (issue 63).
    const withAdmin = await client("PATCH", `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "add", path: "members", value: [{ display: "Agent B", value: String(tenant.agentB.id) }, { value: String(tenant.admin.id) }] }],
    });
    expect(withAdmin.body).toMatchObject({ status: "400", scimType: "invalidValue", detail: expect.stringContaining("administrator") });
    expect(await departmentOf(tenant.agentB.id)).toBe(tenant.departments.b.id);
    const added = await client("PATCH", `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "add", path: "members", value: [{ display: "Agent B", value: String(tenant.agentB.id) }] }],
    });
    expect(added.status).toBe(200);
    expect(added.body.members.map((m: { value: string }) => Number(m.value)).sort()).toEqual([tenant.agentA.id, tenant.agentB.id].sort());
    const removed = await client("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${tenant.agentB.id}"]` }] });
    expect(removed.body.members).toEqual([expect.objectContaining({ value: String(tenant.agentA.id) })]);
    // Out of the group, into the department new people join (the organization's first).
    expect(await departmentOf(tenant.agentB.id)).toBe(tenant.departments.a.id);
    expect(
      (await client("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: "2819c223-7f76-453a-919d-413861904646" }] }] })).status,
    ).toBe(400);

    expect((await client("DELETE", `/Groups/${groupId}`)).body).toMatchObject({ status: "409", scimType: "mutability" });
    const renamed = await client("PUT", `/Groups/${groupId}`, { schemas: [GROUP], displayName: "Guides", externalId: "tour-guides", members: [] });
    expect(renamed.body).toMatchObject({ displayName: "Guides", members: [] });
    expect((await client("DELETE", `/Groups/${groupId}`)).status).toBe(204);
    expect((await client("GET", `/Groups/${groupId}`)).status).toBe(404);
  });

  it("a directory reaches its own organization only", async () => {
    const mine = await createTenant();
    const theirs = await createTenant();
    const client = scim(await scimKey(mine));
    expect((await client("GET", `/Users/${theirs.agentA.id}`)).status).toBe(404);
    expect((await client("PATCH", `/Users/${theirs.agentA.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] })).status).toBe(404);
    expect((await client("DELETE", `/Groups/${theirs.departments.a.id}`)).status).toBe(404);
    expect((await client("GET", `/Users?filter=${encodeURIComponent(`userName eq "${theirs.agentA.email}"`)}`)).body.totalResults).toBe(0);
    expect((await client("GET", "/Users/abc")).status).toBe(404);
    expect((await theirs.client.get("/api/user", theirs.agentA.token)).status).toBe(200);
  });
});

// Issue 59, point 4: a key with the scim scope provisions people; it does not
// administer the organization. It sets no password of anyone above an agent
// (who holds it could then sign in as them), a password it may set ends that
// person's sessions as an admin's change does, and it cannot take away the
// organization's last account admin. Requests exactly as a directory sends them.
describe("a provisioning key provisions; it does not administer (issue 59, point 4)", () => {
  const passwordOps = (password: string) => [
    { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "password", value: password }] },
    // Entra ID's way: the attributes as the value, without a path.
    { schemas: [PATCH_OP], Operations: [{ op: "Replace", value: { password } }] },
  ];

  it("sets no password of an account admin or a manager, by PUT, PATCH or a returning POST; their sign-in stays theirs", async () => {
    const tenant = await createTenant();
    const client = scim(await scimKey(tenant));
    for (const target of [tenant.admin, tenant.managerA]) {
      const current = (await client("GET", `/Users/${target.id}`)).body;
      const put = await client("PUT", `/Users/${target.id}`, { schemas: [USER], userName: current.userName, name: { formatted: "Taken Over" }, password: "directory-chosen-1" });
      expect(put.status).toBe(403);
      expect(put.headers.get("content-type")).toContain("application/scim+json");
      expect(put.body).toMatchObject({ schemas: [ERROR], status: "403" });
      for (const patch of passwordOps("directory-chosen-2")) {
        const refused = await client("PATCH", `/Users/${target.id}`, patch);
        expect(refused.status, JSON.stringify(patch)).toBe(403);
        expect(refused.body).toMatchObject({ schemas: [ERROR], status: "403" });
      }
      for (const password of ["directory-chosen-1", "directory-chosen-2"]) {
        expect((await api().request("POST", "/api/login", { body: { email: target.email, password } })).status).toBe(422);
      }
      // Nothing of the refused request was kept; the person is still signed in and signs in as before.
      expect((await client("GET", `/Users/${target.id}`)).body.displayName).toBe(current.displayName);
      expect((await api().get("/api/user", target.token)).status).toBe(200);
      expect((await api().request("POST", "/api/login", { body: { email: target.email, password: FACTORY_PASSWORD } })).status).toBe(200);
      // The directory still keeps their name.
      expect((await client("PUT", `/Users/${target.id}`, { schemas: [USER], userName: current.userName, name: { formatted: "Renamed By Directory" } })).body.displayName).toBe("Renamed By Directory");
    }

    // An admin the directory deleted and provisions again comes back without a password of the directory's choosing.
    const second = await tenant.client.post(
      "/api/users",
      { name: "Second Admin", email: `second-${randomUUID().slice(0, 8)}@admins.test`, password: FACTORY_PASSWORD, role: "account_admin", department_id: null },
      tenant.admin.token,
    );
    expect(second.status).toBe(201);
    expect((await client("DELETE", `/Users/${second.body.id}`)).status).toBe(204);
    const back = await client("POST", "/Users", { schemas: [USER], userName: second.body.email, name: { formatted: "Second Admin" }, password: "directory-chosen-3" });
    expect(back.status).toBe(403);
    expect(back.body).toMatchObject({ schemas: [ERROR], status: "403" });
    expect((await api().request("POST", "/api/login", { body: { email: second.body.email, password: "directory-chosen-3" } })).status).toBe(422);
  });

  it("a password it sets for an agent ends that agent's sessions, as an admin's change does", async () => {
    const tenant = await createTenant();
    const client = scim(await scimKey(tenant));
    for (const [index, patch] of passwordOps("directory-chosen-4").entries()) {
      const token = index === 0 ? tenant.agentA.token : (await api().request("POST", "/api/login", { body: { email: tenant.agentA.email, password: "directory-chosen-4" } })).body.token;
      const stream = await subscribe(token);
      expect(stream.response.status).toBe(200);
      const changed = await client("PATCH", `/Users/${tenant.agentA.id}`, patch);
      expect(changed.status).toBe(200);
      expect((await api().get("/api/user", token)).status).toBe(401);
      await stream.ended;
      expect((await api().request("POST", "/api/login", { body: { email: tenant.agentA.email, password: "directory-chosen-4" } })).status).toBe(200);
    }
    // PUT too; a PUT without a password signs nobody out.
    const agentB = (await client("GET", `/Users/${tenant.agentB.id}`)).body;
    expect((await client("PUT", `/Users/${tenant.agentB.id}`, { schemas: [USER], userName: agentB.userName, name: { formatted: "Agent Bee" } })).status).toBe(200);
    expect((await api().get("/api/user", tenant.agentB.token)).status).toBe(200);
    expect((await client("PUT", `/Users/${tenant.agentB.id}`, { schemas: [USER], userName: agentB.userName, name: { formatted: "Agent Bee" }, password: "directory-chosen-5" })).status).toBe(200);
    expect((await api().get("/api/user", tenant.agentB.token)).status).toBe(401);
  });

  it("does not deactivate or delete the organization's last active account admin (409 in SCIM's shape)", async () => {
    const tenant = await createTenant();
    // The organization's key: it goes on working when the admin who made it is deactivated below.
    const client = scim(await scimKey(tenant, "write", { organization_key: true }));
    const admin = (await client("GET", `/Users/${tenant.admin.id}`)).body;
    const attempts = [
      () => client("PATCH", `/Users/${tenant.admin.id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "False" }] }),
      () => client("PATCH", `/Users/${tenant.admin.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] }),
      () => client("PUT", `/Users/${tenant.admin.id}`, { schemas: [USER], userName: admin.userName, name: { formatted: admin.displayName }, active: false }),
      () => client("DELETE", `/Users/${tenant.admin.id}`),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.status).toBe(409);
      expect(refused.headers.get("content-type")).toContain("application/scim+json");
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: "409" });
      expect((await api().get("/api/user", tenant.admin.token)).status).toBe(200);
    }
    expect((await client("GET", `/Users/${tenant.admin.id}`)).body.active).toBe(true);

    // With a second active admin, either may go, but not both.
    const second = await tenant.client.post(
      "/api/users",
      { name: "Second Admin", email: `second-${randomUUID().slice(0, 8)}@admins.test`, password: FACTORY_PASSWORD, role: "account_admin", department_id: null },
      tenant.admin.token,
    );
    expect(second.status).toBe(201);
    expect((await attempts[0]()).status).toBe(200);
    expect((await api().get("/api/user", tenant.admin.token)).status).toBe(401);
    expect((await client("DELETE", `/Users/${second.body.id}`)).body).toMatchObject({ schemas: [ERROR], status: "409" });
    expect((await client("PATCH", `/Users/${second.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] })).status).toBe(409);
    expect(
      (await tenant.client.get(`/api/users/${second.body.id}`, (await api().request("POST", "/api/login", { body: { email: second.body.email, password: FACTORY_PASSWORD } })).body.token)).body.active,
    ).toBe(true);
  });

  it("of the last two active admins deactivated at once, on two servers, one stays", async () => {
    const tenant = await createTenant();
    const key = await scimKey(tenant, "write", { organization_key: true });
    const first = scim(key);
    const second = scim(key, inject("secondBaseUrl") || suiteUrl());
    let adminToken = tenant.admin.token;
    for (let round = 0; round < 3; round++) {
      const other = await tenant.client.post(
        "/api/users",
        { name: `Admin ${round}`, email: `admin-${round}-${randomUUID().slice(0, 8)}@admins.test`, password: FACTORY_PASSWORD, role: "account_admin", department_id: null },
        adminToken,
      );
      expect(other.status).toBe(201);
      const answers = await Promise.all([
        first("PATCH", `/Users/${tenant.admin.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: false }] }),
        second("DELETE", `/Users/${other.body.id}`),
      ]);
      const statuses = answers.map((answer) => answer.status);
      expect([
        [200, 409],
        [409, 204],
      ]).toContainEqual(statuses);
      // The scene again for the next round: the admin active, the other gone.
      if (statuses[0] === 200) {
        expect((await first("PATCH", `/Users/${tenant.admin.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value: true }] })).status).toBe(200);
        expect((await first("DELETE", `/Users/${other.body.id}`)).status).toBe(204);
        adminToken = await loginAs(api(), tenant.admin.email, FACTORY_PASSWORD);
      }
      expect((await first("GET", `/Users/${tenant.admin.id}`)).body.active).toBe(true);
    }
  });

  it("answers 400, never 500, to a NUL byte in a filter value and to startIndex or count past their integer range (RFC 7644 §3.12)", async () => {
    const client = scim(await scimKey(await createTenant(), "read"));
    const filters = [
      // The byte itself (%00 in the address), and the escape a JSON string spells it with.
      ["/Users", 'userName eq "bjensen\u0000@example.com"'],
      ["/Users", 'userName eq "bjensen\\u0000@example.com"'],
      ["/Users", 'externalId eq "\\u0000"'],
      ["/Groups", 'displayName eq "A\u0000"'],
    ];
    for (const [resource, filter] of filters) {
      const refused = await client("GET", `${resource}?filter=${encodeURIComponent(filter)}`);
      expect(refused.status, filter).toBe(400);
      expect(refused.headers.get("content-type")).toContain("application/scim+json");
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: "400", scimType: "invalidFilter" });
    }
    for (const resource of ["/Users", "/Groups"]) {
      for (const query of ["startIndex=99999999999999999999", "startIndex=2147483648", "count=99999999999999999999", "count=-99999999999999999999", "startIndex=1e400"]) {
        const refused = await client("GET", `${resource}?${query}`);
        expect(refused.status, `${resource}?${query}`).toBe(400);
        expect(refused.body).toMatchObject({ schemas: [ERROR], status: "400", scimType: "invalidValue" });
      }
      // Within range, the RFC's readings stand: below 1 is 1, a negative count is 0, past 200 is 200.
      expect((await client("GET", `${resource}?startIndex=0&count=-1`)).body).toMatchObject({ startIndex: 1, itemsPerPage: 0 });
      expect((await client("GET", `${resource}?startIndex=2147483647&count=2147483647`)).body).toMatchObject({ startIndex: 2147483647, itemsPerPage: 0, Resources: [] });
    }
  });
});
