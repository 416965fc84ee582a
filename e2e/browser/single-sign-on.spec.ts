import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, snap } from "./helpers";
import { startOidcProvider } from "../support/oidc-test-provider";
import { startSamlProvider } from "../support/saml-test-provider";
import { publishTxt } from "../support/dns-records";

// Issue 46, points 1 and 2, in the browser: an admin sets up single sign-on
// in Settings → Security; people of the domain sign in from the sign-in page
// through a provider the test runs (oidc-provider; a samlify SAML provider
// whose page posts back to us), and a refusal comes back in words.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

const PASSWORD = "correct-horse-battery";

/** A new organization whose admin and agent have addresses on a domain of its own. */
async function organization(request: APIRequestContext) {
  const login = async (email: string, password: string) => (await (await request.post("/api/login", { data: { email, password } })).json()).token as string;
  const headers = { Authorization: `Bearer ${await login("super@example.com", "password")}` };
  const tag = randomUUID().slice(0, 8);
  const domain = `sso-${tag}.test`;
  const org = await (await request.post("/api/organizations", { headers, data: { name: `Org ${tag}`, departments: ["A"] } })).json();
  const user = async (role: string, key: string) => {
    const email = `${key}@${domain}`;
    const created = await request.post("/api/users", {
      headers,
      data: { name: `${key} ${tag}`, email, password: PASSWORD, role, department_id: role === "agent" ? org.departments[0].id : null, organization_id: org.id },
    });
    expect(created.status()).toBe(201);
    return email;
  };
  const admin = await user("account_admin", "admin");
  const agent = await user("agent", "agent");
  return { domain, admin, agent, adminToken: () => login(admin, PASSWORD) };
}

async function singleSignOn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Single sign-on" }).click();
}

test("an admin sets up OpenID Connect in Settings; an agent signs in through the provider, and one it no longer has is told why", async ({ page, request, baseURL }) => {
  const provider = await startOidcProvider({ redirectUri: `${baseURL}/api/sso/oidc/callback` });
  try {
    const { domain, admin, agent } = await organization(request);
    await page.goto("/login");
    await page.getByLabel("Email").fill(admin);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.goto("/settings?tab=security");
    const form = page.getByRole("form", { name: "Single sign-on settings" });
    await expect(form.getByText(`${baseURL}/api/sso/oidc/callback`)).toBeVisible();
    await form.getByLabel("Issuer URL").fill(provider.issuer);
    await form.getByLabel("Client id").fill(provider.clientId);
    await form.getByLabel("Client secret").fill(provider.clientSecret);
    await form.getByLabel("Email domains it covers").fill(domain);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Saved.")).toBeVisible();
    await expect(form.getByLabel("Client secret")).toHaveAttribute("placeholder", /Set: leave empty/);
    // The domain is pending until its TXT record is published: the page says which, and verifies it from the keyboard.
    const claim = form.getByRole("listitem").filter({ hasText: domain });
    await expect(claim.getByText("Pending")).toBeVisible();
    const record = (await claim.locator("code").nth(1).textContent())!;
    expect(record).toMatch(/^contact-center-verification=[0-9a-f]{32}$/);
    await snap(page, "settings-single-sign-on-pending");
    await expect(claim.locator("code").first()).toHaveText(domain);
    await publishTxt(domain, record);
    await claim.getByRole("button", { name: `Verify ${domain}` }).focus();
    await page.keyboard.press("Enter");
    await expect(claim.getByRole("status")).toHaveText(`${domain} is verified: its people sign in through your provider.`);
    await expect(claim.getByText("Verified", { exact: true })).toBeVisible();
    await snap(page, "settings-single-sign-on");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

    provider.addAccount({ email: agent, name: "Agent" });
    const callbacks: string[] = [];
    page.on("request", (request) => request.url().includes("/api/sso/oidc/callback") && callbacks.push(request.url()));
    await singleSignOn(page, agent);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

    // The provider's answer again (the callback address from the history): used once, not twice.
    await page.goto(callbacks[0]);
    await expect(page.locator(".alert")).toHaveText("This sign-in has expired or was already used. Start again.");
    // An ID token for another application, and an expired one, are refused in words.
    const now = Math.floor(Date.now() / 1000);
    for (const change of [(claims: Record<string, unknown>) => ({ ...claims, aud: "another-client" }), (claims: Record<string, unknown>) => ({ ...claims, iat: now - 7200, exp: now - 3600 })]) {
      provider.forgeIdTokens(change);
      await singleSignOn(page, agent);
      await expect(page.locator(".alert")).toHaveText("Your identity provider's answer could not be verified.");
    }
    provider.forgeIdTokens(null);

    provider.removeAccount(agent);
    await singleSignOn(page, agent);
    await expect(page.locator(".alert")).toHaveText("Your identity provider did not sign you in.");
    await expect(page).toHaveURL(/\/login\?sso_error=provider_refused/);
  } finally {
    await provider.stop();
  }
});

test("a SAML provider's page posts its signed answer back, and the agent is signed in", async ({ page, request }) => {
  const idp = await startSamlProvider();
  try {
    const { domain, agent, adminToken } = await organization(request);
    const headers = { Authorization: `Bearer ${await adminToken()}` };
    const saved = await request.put("/api/settings/sso", { headers, data: { protocol: "saml", domains: [domain], saml: { metadata_url: idp.metadataUrl } } });
    expect(saved.status()).toBe(200);
    await publishTxt(domain, (await saved.json()).domain_claims[0].txt_record.value);
    expect((await request.post(`/api/settings/sso/domains/${domain}/verify`, { headers })).status()).toBe(200);
    idp.addAccount(agent);
    await singleSignOn(page, agent);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  } finally {
    await idp.stop();
  }
});
