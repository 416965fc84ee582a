import { expect, type Page } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";

// Each role signs in through the login page and finds the navigation of its
// role; sign-out returns to the login page and the session's API token dies.
const ROLES = [
  { email: "agent1@acme.example.com", role: "Agent", nav: ["Queue", "Dialer", "My calls"], hidden: ["Contacts", "Users"] },
  { email: "sales.manager@acme.example.com", role: "Department manager", nav: ["Contacts", "Campaigns", "Reports"], hidden: ["Users", "Settings", "Queue"] },
  { email: "admin@acme.example.com", role: "Account admin", nav: ["Contacts", "Campaigns", "Reports", "Users", "Settings"], hidden: ["Queue"] },
  { email: "super@example.com", role: "Super admin", nav: ["Users", "Settings"], hidden: ["Queue"] },
];

async function signIn(page: Page, email: string, password = "password") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const account of ROLES) {
  test(`${account.role} signs in and sees the navigation of the role`, async ({ page }) => {
    await signIn(page, account.email);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByTestId("role")).toHaveText(account.role);
    for (const label of account.nav) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    for (const label of account.hidden) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  });
}

test("protected pages send a visitor to the login page", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("wrong credentials show an error and keep the visitor on the login page", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 401/); // wrong credentials are refused (401) on purpose
  await signIn(page, "agent1@acme.example.com", "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("an admin adds a user from the users page, and sign-out revokes the API token", async ({ page, request }) => {
  await signIn(page, "admin@acme.example.com");
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("cell", { name: "agent1@acme.example.com" })).toBeVisible();

  const email = `browser.${Date.now()}@acme.example.com`;
  const form = page.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Name").fill("Browser Made");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("long-enough-password");
  await form.getByLabel("Role").selectOption("agent");
  await form.getByLabel("Department").selectOption({ label: "Sales" });
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("cell", { name: email })).toBeVisible();

  const session = await (await page.request.get("/api/auth/session")).json();
  expect((await request.get("/api/user", { headers: { Authorization: `Bearer ${session.apiToken}` } })).status()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await request.get("/api/user", { headers: { Authorization: `Bearer ${session.apiToken}` } })).status()).toBe(401);
});
