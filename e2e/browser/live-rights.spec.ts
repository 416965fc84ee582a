import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn } from "./helpers";

// The page's event stream follows the user's rights (issue 40): a manager
// demoted while their page is open gets an agent's page and a live stream
// again without signing in; a user whose sessions were ended lands on the
// sign-in page.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
}

/** A new Sales manager of the demo organization, signed in on `page`: their id and the admin's token. */
async function signedInManager(page: Page) {
  const admin = await adminToken(page.request);
  const headers = { Authorization: `Bearer ${admin}` };
  const departments = await page.request.get("/api/departments", { headers }).then((r) => r.json());
  const sales = departments.data.find((d: { name: string }) => d.name === "Sales");
  const email = `rights.${Date.now()}@acme.example.com`;
  const created = await page.request.post("/api/users", { headers, data: { name: "Rita Rights", email, password: "password-rights", role: "dept_manager", department_id: sales.id } });
  expect(created.status()).toBe(201);
  await signIn(page, email, "password-rights");
  return { id: (await created.json()).id as number, headers };
}

test("a manager demoted while their page is open gets an agent's navigation and a live stream again, without signing in", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 403/); // the demoted manager's page meets the 403 that tells it so
  let streams = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") streams += 1;
  });
  const { id, headers } = await signedInManager(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await page.goto("/messages");
  await expect(page.getByTestId("live-status").first()).toHaveText("Live");
  await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
  const opened = streams;

  expect((await page.request.patch(`/api/users/${id}`, { headers, data: { role: "agent" } })).status()).toBe(200);
  // The page is drawn again for an agent, and its stream reopened with the agent's rights.
  await expect(nav.getByRole("link", { name: "Queue" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contacts" })).toHaveCount(0);
  await expect.poll(() => streams).toBeGreaterThan(opened);
  await expect(page.getByTestId("live-status").first()).toHaveText("Live");
  await expect(page).not.toHaveURL(/\/login/);
});

test("a user whose sessions an admin ended (a new password) lands on the sign-in page", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 401/); // the ended session's page meets the 401 that signs it out
  const { id, headers } = await signedInManager(page);
  await page.goto("/messages");
  await expect(page.getByTestId("live-status").first()).toHaveText("Live");
  expect((await page.request.patch(`/api/users/${id}`, { headers, data: { password: "another-password-1" } })).status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
});
