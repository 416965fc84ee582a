import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { subscribe } from "../support/event-stream";
import { createTenant } from "../support/factories";

// Issue 46, point 4: SCIM 2.0 provisioning (RFC 7644), as a directory (Okta,
// Entra ID) drives it: an integration key with the scim scope, the RFC's own
// example requests where they apply, lookups by userName and externalId,
// PATCH as §3.5.2 defines it, and deactivation that signs a person out
// everywhere at once.

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

async function scimKey(tenant: Tenant, scope: "read" | "write" = "write") {
  const created = await tenant.client.post("/api/integration-keys", { name: `Directory ${scope}`, scopes: { scim: scope } }, tenant.admin.token);
  expect(created.status).toBe(201);
  return created.body.secret as string;
}

/** A SCIM client: JSON as application/scim+json, the key as a bearer token. */
function scim(key: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${inject("baseUrl")}/scim/v2${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, Accept: "application/scim+json", ...(body !== undefined && { "Content-Type": "application/scim+json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}

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
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false }, authenticationSchemes: [expect.objectContaining({ type: "oauthbearertoken" })] });
    const schemas = await client("GET", "/Schemas");
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([USER, GROUP]);
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
    expect(created.body).toMatchObject({ schemas: [USER], userName: `bjensen@${domain}`, externalId: `bjensen-${domain}`, displayName: "Ms. Barbara J Jensen III", active: true, meta: { resourceType: "User" } });
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
    const patched = await client("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { displayName: "Barbara Jensen" } }, { op: "replace", path: "userName", value: `barbara@${domain}` }, { op: "replace", path: 'emails[type eq "work"].value', value: `barbara@${domain}` }] });
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

    const added = await client("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ display: "Agent B", value: String(tenant.agentB.id) }, { value: String(tenant.admin.id) }] }] });
    expect(added.status).toBe(200);
    // The admin has no department: named, but not a member.
    expect(added.body.members.map((m: { value: string }) => Number(m.value)).sort()).toEqual([tenant.agentA.id, tenant.agentB.id].sort());
    const removed = await client("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${tenant.agentB.id}"]` }] });
    expect(removed.body.members).toEqual([expect.objectContaining({ value: String(tenant.agentA.id) })]);
    // Out of the group, into the department new people join (the organization's first).
    expect(await departmentOf(tenant.agentB.id)).toBe(tenant.departments.a.id);
    expect((await client("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: "2819c223-7f76-453a-919d-413861904646" }] }] })).status).toBe(400);

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
