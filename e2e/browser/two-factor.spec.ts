import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, snap } from "./helpers";
import { freePort, startServer, TEST_PROVIDER } from "../support/server.mjs";

// Issue 46, point 3, in the browser: an authenticator set up on Your account
// and asked for at the next sign-in; a recovery code in its place; an
// organization that requires a factor walking a new user through its setup.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));
// The password step of a two-factor sign-in is refused by next-auth's credentials callback (401) on purpose: it carries the challenge.
test.beforeEach(({}, testInfo) => expectConsoleErrors(testInfo, /status of 401 .*\/api\/auth\/callback\/credentials/));

const PASSWORD = "correct-horse-battery";
const codeFor = (secret: string, steps = 0) => generate({ secret: secret.replace(/\s/g, ""), epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A new organization of its own (its policy touches no other test) with one agent, made by the demo super admin. */
async function organizationWithAgent(request: APIRequestContext, twoFactorRequired: string) {
  const login = async (email: string, password: string) => (await (await request.post("/api/login", { data: { email, password } })).json()).token as string;
  const superToken = await login("super@example.com", "password");
  const headers = { Authorization: `Bearer ${superToken}` };
  const tag = randomUUID().slice(0, 8);
  const org = await (await request.post("/api/organizations", { headers, data: { name: `Org ${tag}`, departments: ["A"] } })).json();
  const user = async (role: string, key: string) => {
    const email = `${key}.${tag}@factory.test`;
    const created = await request.post("/api/users", {
      headers,
      data: { name: `${key} ${tag}`, email, password: PASSWORD, role, department_id: role === "agent" ? org.departments[0].id : null, organization_id: org.id },
    });
    expect(created.status()).toBe(201);
    return email;
  };
  const admin = await user("account_admin", "admin");
  const agent = await user("agent", "agent");
  if (twoFactorRequired !== "nobody") {
    const set = await request.put("/api/settings/security", { headers: { Authorization: `Bearer ${await login(admin, PASSWORD)}` }, data: { two_factor_required: twoFactorRequired } });
    expect(set.status()).toBe(200);
  }
  return { agent };
}

async function password(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
}

test("an agent sets up an authenticator on Your account; the next sign-in asks for its code, and a recovery code stands in for it once", async ({ page, request }) => {
  const { agent } = await organizationWithAgent(request, "nobody");
  await password(page, agent);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Your account" }).click();
  const panel = page.getByRole("region", { name: "Two-factor sign-in" });
  await panel.getByRole("button", { name: "Set up an authenticator app" }).click();
  // Changing how one signs in asks who is there first: the password, while there is no factor yet (issue 59, point 3).
  const proof = panel.getByRole("form", { name: "Confirm it is you" });
  await proof.getByLabel("Your password").fill(PASSWORD);
  await proof.getByRole("button", { name: "Confirm" }).click();
  await expect(panel.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await panel.getByTestId("totp-secret").textContent())!;
  await panel.getByLabel("Code from the app").fill("12345");
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByText("Enter the 6-digit code your app shows.")).toBeVisible();
  await panel.getByLabel("Code from the app").fill(await codeFor(secret));
  await panel.getByRole("button", { name: "Turn on" }).click();
  await expect(panel.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = (await panel.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((code) => code.trim());
  await snap(page, "two-factor-recovery-codes");
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel).toContainText("10 recovery codes left");
  await signOut(page);

  // The password alone does not sign in: the code does.
  await password(page, agent);
  const step = page.getByRole("form", { name: "Second factor" });
  await step.getByLabel("Authentication code").fill("000000");
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step.getByRole("alert")).toContainText("was not accepted");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await step.getByLabel("Authentication code").fill(await codeFor(secret, 1));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await signOut(page);

  await password(page, agent);
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("9 recovery codes left");
});

test("an organization that requires a second factor walks a new agent through setting one up as they sign in", async ({ page, request }) => {
  const { agent } = await organizationWithAgent(request, "everyone");
  await password(page, agent);
  const setup = page.getByRole("form", { name: "Set up an authenticator app" });
  await expect(page.getByText("Your organization requires a second factor")).toBeVisible();
  const secret = (await setup.getByTestId("totp-secret").textContent())!;
  await snap(page, "two-factor-setup-at-sign-in");
  await setup.getByLabel("Code from the app").fill(await codeFor(secret));
  await setup.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I saved them: continue" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/account");
  const panel = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(panel).toContainText("your last one cannot be removed");
  await expect(panel.getByRole("button", { name: "Turn off" })).toHaveCount(0);
});

test("an agent adds a passkey (the browser's own authenticator) and signs in with it", async ({ page }) => {
  // A passkey belongs to a domain: browsers refuse an IP address as its relying party, so this test
  // has a server of its own whose public address is http://localhost (its own copy of the demo data).
  test.setTimeout(120_000);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const noProvider = Object.fromEntries(Object.keys(TEST_PROVIDER).map((key) => [key, ""]));
  const server = await startServer({ label: "passkeys", port, env: { FRONTEND_URL: "", ...noProvider, APP_URL: origin, NEXTAUTH_URL: origin } });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const passwordAt = async () => {
      await page.goto(`${origin}/login`);
      await page.getByLabel("Email").fill("agent1@acme.example.com");
      await page.getByLabel("Password").fill("password");
      await page.getByRole("button", { name: "Sign in" }).click();
    };
    await passwordAt();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.goto(`${origin}/account`);
    const panel = page.getByRole("region", { name: "Two-factor sign-in" });
    await panel.getByRole("button", { name: "Add a passkey" }).click();
    await panel.getByLabel("Passkey name").fill("This laptop");
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await panel.getByRole("form", { name: "Confirm it is you" }).getByLabel("Your password").fill("password");
    await panel.getByRole("button", { name: "Confirm" }).click();
    // The first factor comes with its recovery codes.
    await expect(panel.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(panel.getByRole("list", { name: "Your passkeys" })).toContainText("This laptop");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

    await passwordAt();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.goto(`${origin}/account`);
    await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("last used");
    await snap(page, "passkey-signed-in");
  } finally {
    // Off this server's pages first: their prefetches would fail as it stops.
    await page.goto("about:blank").catch(() => undefined);
    await server.stop();
  }
});
