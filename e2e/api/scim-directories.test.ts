import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "../support/event-stream";
import { createTenant } from "../support/factories";
import { startSamlProvider } from "../support/saml-test-provider";
import { ENTERPRISE_USER, GROUP, PATCH_OP, scim, scimKey, USER } from "../support/scim-client";

// Issue 63, point 1: SCIM as Entra ID and Okta send it with their default
// mappings, not as the RFC's examples do. The bodies below are their published
// request examples (Microsoft's "Develop and plan provisioning for a SCIM
// endpoint", Okta's "SCIM 2.0 protocol reference"), with our addresses and
// ids put in. Every answer is checked by scimmy (e2e/support/scim-client.ts).

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const patch = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });

async function directory() {
  const tenant = await createTenant();
  const client = scim(await scimKey(tenant));
  const domain = `dir-${randomUUID().slice(0, 8)}.test`;
  return { tenant, client, domain };
}

/** Entra ID's "Create User" request. */
function entraUser(domain: string) {
  return {
    schemas: [USER, ENTERPRISE_USER],
    externalId: randomUUID(),
    userName: `test.user@${domain}`,
    active: true,
    emails: [{ primary: true, type: "work", value: `test.user@${domain}` }],
    meta: { resourceType: "User" },
    name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
    roles: [],
  };
}

describe("SCIM as Entra ID sends it", () => {
  it("creates a user with its default mapping, and the name's parts and the enterprise attributes come back as sent", async () => {
    const { client, domain } = await directory();
    const created = await client("POST", "/Users", entraUser(domain));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toEqual({ formatted: "givenName familyName", givenName: "givenName", familyName: "familyName" });
    const id = created.body.id as string;

    // Its default attribute mappings, one update: attributes the service does not keep are accepted, the enterprise ones are kept.
    const updated = await client(
      "PATCH",
      `/Users/${id}`,
      patch(
        { op: "Add", path: "title", value: "Sales Representative" },
        { op: "Add", path: "preferredLanguage", value: "en-US" },
        { op: "Add", path: 'addresses[type eq "work"].streetAddress', value: "1 Microsoft Way" },
        { op: "Add", path: 'phoneNumbers[type eq "work"].value', value: "+1 555 0100" },
        { op: "Add", path: `${ENTERPRISE_USER}:employeeNumber`, value: "701984" },
        { op: "Add", path: `${ENTERPRISE_USER}:department`, value: "Tour Operations" },
        { op: "Add", path: `${ENTERPRISE_USER}:manager`, value: [{ $ref: null, value: "2819c223-7f76-453a-919d-413861904646" }] },
        { op: "Replace", path: "name.familyName", value: "updatedFamilyName" },
      ),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.schemas).toEqual([USER, ENTERPRISE_USER]);
    expect(updated.body.name).toMatchObject({ givenName: "givenName", familyName: "updatedFamilyName" });
    expect(updated.body[ENTERPRISE_USER]).toEqual({ employeeNumber: "701984", department: "Tour Operations", manager: { value: "2819c223-7f76-453a-919d-413861904646" } });

    // Read back, it is what the directory sent: nothing for it to send again.
    const read = await client("GET", `/Users/${id}`);
    expect(read.body.name).toMatchObject({ givenName: "givenName", familyName: "updatedFamilyName" });
    expect(read.body[ENTERPRISE_USER]).toEqual(updated.body[ENTERPRISE_USER]);

    // "Remove Manager", and an attribute of a schema the service does not have: ignored, not refused.
    const removed = await client(
      "PATCH",
      `/Users/${id}`,
      patch({ op: "Remove", path: `${ENTERPRISE_USER}:manager` }, { op: "Add", path: "urn:example:params:scim:schemas:extension:custom:2.0:User:badge", value: "42" }),
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body[ENTERPRISE_USER]).toEqual({ employeeNumber: "701984", department: "Tour Operations" });
  });

  it("a leaver moved and disabled in one batch is disabled, and signed out", async () => {
    const { tenant, client, domain } = await directory();
    const id = (await client("POST", "/Users", entraUser(domain))).body.id as string;
    const answer = await client(
      "PATCH",
      `/Users/${id}`,
      patch(
        { op: "Replace", path: `${ENTERPRISE_USER}:department`, value: "Leavers" },
        { op: "Replace", path: `${ENTERPRISE_USER}:manager`, value: "" },
        { op: "Replace", path: "active", value: "False" },
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.active).toBe(false);
    expect((await tenant.client.get(`/api/users/${id}`, tenant.admin.token)).body.active).toBe(false);
  });

  it("read-only attributes are refused (mutability), and the batch changes nothing", async () => {
    const { tenant, client, domain } = await directory();
    const created = (await client("POST", "/Users", entraUser(domain))).body;
    for (const operation of [
      { op: "Replace", path: "id", value: "999" },
      { op: "replace", path: "meta.created", value: "2020-01-01T00:00:00Z" },
      { op: "replace", value: { id: "999" } },
      { op: "add", path: "groups", value: [{ value: String(tenant.departments.b.id) }] },
    ]) {
      const refused = await client("PATCH", `/Users/${created.id}`, patch({ op: "Replace", path: "displayName", value: "Changed" }, operation));
      expect(refused.body, JSON.stringify(operation)).toMatchObject({ status: "400", scimType: "mutability" });
    }
    const after = await client("GET", `/Users/${created.id}`);
    expect(after.body).toMatchObject({ id: created.id, displayName: created.displayName, meta: { created: created.meta.created } });
  });
});

describe("SCIM as Okta sends it", () => {
  it("creates, updates by replacing values, deactivates with a value object, and pushes a group (rename with its id, members)", async () => {
    const { tenant, client, domain } = await directory();
    const created = await client("POST", "/Users", {
      schemas: [USER],
      userName: `test.user@${domain}`,
      name: { givenName: "Test", familyName: "User" },
      emails: [{ primary: true, value: `test.user@${domain}`, type: "work" }],
      displayName: "Test User",
      locale: "en-US",
      externalId: "00ujl29u0le5T6Aj10h7",
      groups: [],
      password: "1mz050nq-long-enough",
      active: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toMatchObject({ givenName: "Test", familyName: "User" });
    const id = created.body.id as string;

    const renamed = await client("PATCH", `/Users/${id}`, patch({ op: "replace", value: { name: { givenName: "Another" } } }));
    expect(renamed.body.name).toMatchObject({ givenName: "Another", familyName: "User" });
    const deactivated = await client("PATCH", `/Users/${id}`, patch({ op: "replace", value: { active: false } }));
    expect(deactivated.body.active).toBe(false);

    const group = await client("POST", "/Groups", { schemas: [GROUP], displayName: "Test Group", members: [] });
    expect(group.status).toBe(201);
    const pushed = await client("PATCH", `/Groups/${group.body.id}`, patch({ op: "replace", value: { id: group.body.id, displayName: "Renamed Group" } }));
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.displayName).toBe("Renamed Group");
    const members = await client("PATCH", `/Groups/${group.body.id}`, patch({ op: "add", path: "members", value: [{ value: String(tenant.agentA.id), display: tenant.agentA.email }] }));
    expect(members.body.members.map((m: { value: string }) => m.value)).toEqual([String(tenant.agentA.id)]);
  });
});

describe("the directory's department", () => {
  let idp: Awaited<ReturnType<typeof startSamlProvider>>;
  beforeAll(async () => {
    idp = await startSamlProvider();
  });
  afterAll(() => idp?.stop());

  async function connection(tenant: Tenant, directory_departments: boolean) {
    const domain = `saml-${randomUUID().slice(0, 8)}.test`;
    const saved = await tenant.client.request("PUT", "/api/settings/sso", {
      token: tenant.admin.token,
      body: { protocol: "saml", domains: [domain], saml: { metadata_xml: idp.metadataXml() }, directory_departments },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.directory_departments).toBe(directory_departments);
  }

  it("places a person in the department of that name when the connection says so; otherwise groups decide", async () => {
    const { tenant, client, domain } = await directory();
    const departmentOf = async (userId: string) => (await tenant.client.get(`/api/users/${userId}`, tenant.admin.token)).body.department_id;
    const named = (department: string, local: string) => ({ ...entraUser(domain), userName: `${local}@${domain}`, emails: [], [ENTERPRISE_USER]: { department } });

    await connection(tenant, false);
    const ignored = await client("POST", "/Users", named("B", "first"));
    expect(await departmentOf(ignored.body.id)).toBe(tenant.departments.a.id);

    await connection(tenant, true);
    const placed = await client("POST", "/Users", named("b", "second"));
    expect(await departmentOf(placed.body.id)).toBe(tenant.departments.b.id);
    const moved = await client("PATCH", `/Users/${ignored.body.id}`, patch({ op: "Replace", path: `${ENTERPRISE_USER}:department`, value: "B" }));
    expect(moved.status).toBe(200);
    expect(await departmentOf(ignored.body.id)).toBe(tenant.departments.b.id);
    // Someone signed in who moves: their stream closes, to reopen with the new department's rights.
    const stream = await subscribe(tenant.agentA.token);
    expect(stream.response.status).toBe(200);
    const agent = await client("PATCH", `/Users/${tenant.agentA.id}`, patch({ op: "Add", path: `${ENTERPRISE_USER}:department`, value: "B" }));
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    await stream.ended;
    expect(await departmentOf(String(tenant.agentA.id))).toBe(tenant.departments.b.id);
    // A department the organization does not have: where they were.
    await client("PATCH", `/Users/${placed.body.id}`, patch({ op: "Replace", path: `${ENTERPRISE_USER}:department`, value: "Nowhere" }));
    expect(await departmentOf(placed.body.id)).toBe(tenant.departments.b.id);
  });
});
