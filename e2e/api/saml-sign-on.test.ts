import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, suiteUrl } from "../support/api";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";
import { formFields, startSamlProvider } from "../support/saml-test-provider";
import { proveDomain } from "../support/sso-domains";

// Issue 46, point 2: single sign-on through SAML 2.0, against an identity
// provider the test runs (samlify) that signs real assertions. The browser's
// part is played as it happens: our start sends it to the provider, whose
// page posts the response to our assertion consumer service, which sends it
// on to /login/sso with a ticket.

let idp: Awaited<ReturnType<typeof startSamlProvider>>;
const baseUrl = () => suiteUrl();

beforeAll(async () => {
  idp = await startSamlProvider();
});
afterAll(() => idp?.stop());

async function samlTenant(saml: Record<string, string> = { metadata_url: idp.metadataUrl }) {
  const tenant = await createTenant();
  const domain = `saml-${randomUUID().slice(0, 8)}.test`;
  const settings = await tenant.client.request("PUT", "/api/settings/sso", { token: tenant.admin.token, body: { protocol: "saml", domains: [domain], saml } });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  await proveDomain(tenant.client, tenant.admin.token, domain);
  const email = `lin@${domain}`;
  const created = await tenant.client.post("/api/users", { name: "Lin", email, password: FACTORY_PASSWORD, role: "agent", department_id: tenant.departments.a.id }, tenant.admin.token);
  expect(created.status).toBe(201);
  idp.addAccount(email);
  return { tenant, domain, email, userId: created.body.id as number, settings: settings.body };
}

/** Our start, then the provider's page: its auto-posting form, and the state our start set. */
async function toProvider(email: string) {
  const start = await api().request("POST", "/api/login/sso", { body: { email } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.protocol).toBe("saml");
  const page = await fetch(start.body.redirect_url);
  return { page, state: start.body.state as string, html: page.status === 200 ? await page.text() : "" };
}

/** The browser posting the provider's form to our assertion consumer service: where we send it next. */
async function post(fields: Record<string, string>) {
  const response = await fetch(`${baseUrl()}/api/sso/saml/acs`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

const finish = (ticket: string | null, state: string) => api().request("POST", "/api/login/sso/finish", { body: { ticket, state } });

describe("single sign-on with SAML 2.0", () => {
  it("signs a user in with a signed assertion; our metadata names our entity id and assertion consumer service", async () => {
    const { settings, email, userId, tenant } = await samlTenant();
    expect(settings).toMatchObject({ protocol: "saml", saml: { entity_id: idp.metadataUrl, sso_url: `${idp.base}/sso`, metadata_url: idp.metadataUrl } });
    const metadata = await fetch(settings.service_provider.saml_metadata_url);
    expect(metadata.headers.get("content-type")).toContain("xml");
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${settings.service_provider.saml_entity_id}"`);
    expect(xml).toContain(`Location="${baseUrl()}/api/sso/saml/acs"`);
    expect(xml).toContain('WantAssertionsSigned="true"');

    const { html, state } = await toProvider(email);
    const form = formFields(html);
    expect(form.action).toBe(`${baseUrl()}/api/sso/saml/acs`);
    expect(form.fields.RelayState).toBe(state);
    const landing = await post(form.fields);
    expect(landing.pathname).toBe("/login/sso");
    const done = await finish(landing.searchParams.get("ticket"), state);
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: userId, email });
    const audit = (await tenant.client.get("/api/audit-log?action=user.signed_in", tenant.admin.token)).body.data;
    expect(audit.some((entry: { subject_id: string; details: { method?: string } }) => Number(entry.subject_id) === userId && entry.details.method === "sso")).toBe(true);

    // The same response again is refused (its sign-in is answered), and so is it under a fresh sign-in's RelayState (it answers another request).
    expect((await post(form.fields)).searchParams.get("sso_error")).toBe("expired");
    const fresh = await toProvider(email);
    expect((await post({ SAMLResponse: form.fields.SAMLResponse, RelayState: fresh.state })).searchParams.get("sso_error")).toBe("invalid_answer");
  });

  it("refuses a response for another audience, outside its time window, meant for another recipient, or altered after signing", async () => {
    const { email } = await samlTenant({ metadata_xml: idp.metadataXml() });
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const cases: [string, (values: Record<string, string>) => Record<string, string>][] = [
      ["audience", (v) => ({ ...v, Audience: "https://someone-else.example/sp" })],
      ["window", (v) => ({ ...v, IssueInstant: minutesAgo(30), ConditionsNotBefore: minutesAgo(30), ConditionsNotOnOrAfter: minutesAgo(20), SubjectConfirmationDataNotOnOrAfter: minutesAgo(20) })],
      ["recipient", (v) => ({ ...v, SubjectRecipient: "https://elsewhere.example/acs", Destination: "https://elsewhere.example/acs" })],
    ];
    for (const [name, change] of cases) {
      idp.forgeResponses(change);
      try {
        const { html } = await toProvider(email);
        expect((await post(formFields(html).fields)).searchParams.get("sso_error"), name).toBe("invalid_answer");
      } finally {
        idp.forgeResponses(null);
      }
    }
    // Signed for one person, changed to name another: the signature no longer holds.
    const { html } = await toProvider(email);
    const { fields } = formFields(html);
    const altered = Buffer.from(
      Buffer.from(fields.SAMLResponse, "base64")
        .toString("utf8")
        .replaceAll(email, `boss@${email.split("@")[1]}`),
    ).toString("base64");
    expect((await post({ ...fields, SAMLResponse: altered })).searchParams.get("sso_error")).toBe("invalid_answer");
  });

  it("a user the provider no longer has gets no answer to post; bad metadata is refused in words", async () => {
    const { email, tenant } = await samlTenant();
    idp.removeAccount(email);
    expect((await toProvider(email)).page.status).toBe(403);
    const bad = await tenant.client.request("PUT", "/api/settings/sso", {
      token: tenant.admin.token,
      body: { protocol: "saml", domains: ["bad-metadata.test"], saml: { metadata_xml: "<EntityDescriptor/>" } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors["saml.metadata_xml"][0]).toMatch(/metadata/);
    const both = await tenant.client.request("PUT", "/api/settings/sso", { token: tenant.admin.token, body: { protocol: "saml", domains: ["bad-metadata.test"], saml: {} } });
    expect(both.status).toBe(422);
  });

  it("a post that is not the provider's form (an empty JSON object) is a sign-in that expired, not a failure of ours", async () => {
    // The route's check that a JSON body says nothing once read the request's own stream, and the
    // landing then failed reading it again ("ReadableStream is locked", logged as an error; the
    // browser was told the answer could not be verified).
    const response = await fetch(`${baseUrl()}/api/sso/saml/acs`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location")!).searchParams.get("sso_error")).toBe("expired");
  });
});
