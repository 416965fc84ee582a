import { expect } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 24: an admin makes an integration key in Settings → Integrations, sees
// its secret once, the key works with the bearer header, and is revoked.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin creates a read-only contacts key, copies its secret once, sees its last use, and revokes it", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.goto("/settings?tab=integrations");
  const form = page.getByRole("form", { name: "New integration key" });
  // Nothing opened: refused under the scopes, before anything is sent.
  await form.getByLabel("Name").fill("Browser test CRM");
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form).toContainText("must open at least one resource family");
  await form.getByLabel("Contacts").selectOption("read");
  await form.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("status", { name: "New key secret" });
  await expect(shown).toContainText("not shown again");
  const secret = (await shown.locator("pre").textContent())!.trim();
  expect(secret).toMatch(/^cck_\d+_/);
  await snap(page, "integration-key-created");

  expect((await page.request.get("/api/contacts?per_page=1", { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(200);
  expect((await page.request.get("/api/campaigns", { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(403);
  await page.reload();
  const row = page.getByRole("table", { name: "Integration keys" }).getByRole("row").filter({ hasText: "Browser test CRM" }).first();
  await expect(row).toContainText("Contacts read");
  await expect(row.getByRole("cell").nth(2)).not.toHaveText("never"); // last used: just now
  await expect(page.getByText(secret)).toHaveCount(0);
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke Browser test CRM" }).click();
  await expect(row).toContainText("revoked");
  expect((await page.request.get("/api/contacts?per_page=1", { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(401);

  // Issue 59: a key is its maker's unless made as the organization's, and the list says which.
  await form.getByLabel("Name").fill("Browser test directory");
  await form.getByLabel("Directory provisioning (SCIM)").selectOption("write");
  await form.getByLabel("The organization's key").check();
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("status", { name: "New key secret" })).toContainText("Browser test directory");
  const table = page.getByRole("table", { name: "Integration keys" });
  const organizationKey = table.getByRole("row").filter({ hasText: "Browser test directory" }).first();
  await expect(organizationKey).toContainText("organization key");
  await expect(organizationKey).toContainText("made by");
  await expect(row).not.toContainText("organization key");
  await expect(row).toContainText("held by");
  await snap(page, "integration-key-organization");
});

test("an admin adds a webhook for new contacts, sees a delivery arrive at the receiver, and replays it", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 422.*\/api\/webhooks/); // a private address is refused (422) and the form says why
  const { createServer } = await import("node:http");
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push(body);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  try {
    await signIn(page, "admin@acme.example.com");
    await page.goto("/settings?tab=integrations");
    const form = page.getByRole("form", { name: "New webhook" });
    await form.getByLabel("Address").fill("https://10.1.2.3/hooks");
    await form.getByLabel("contact.created").check();
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(form).toContainText("must be on a public address");
    await form.getByLabel("Address").fill(url);
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByRole("status", { name: "New webhook secret" })).toContainText("whsec_");

    const token = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
    const phone = uniquePhone();
    expect((await page.request.post("/api/contacts", { headers: { Authorization: `Bearer ${token}` }, data: { name: "Webhook Browser", phone } })).status()).toBe(201);
    await expect.poll(() => received.some((b) => b.includes("Webhook Browser")), { timeout: 10_000 }).toBe(true);

    const endpoint = page.getByRole("article", { name: `Webhook ${url}` });
    await endpoint.getByRole("button", { name: "Deliveries" }).click();
    const row = endpoint.getByRole("table", { name: "Deliveries" }).getByRole("row").filter({ hasText: "contact.created" }).first();
    await expect(row).toContainText("delivered");
    await snap(page, "webhook-deliveries");
    const before = received.length;
    await row.getByRole("button", { name: /Replay delivery/ }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    page.once("dialog", (dialog) => void dialog.accept());
    await endpoint.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("article", { name: `Webhook ${url}` })).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
