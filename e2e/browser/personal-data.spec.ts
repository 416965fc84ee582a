import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 47, points 5 and 6, in the browser: an admin exports a person's data
// from their contact page, finds the erasure refused while a legal hold keeps
// their records, releases it, erases them (their name typed to confirm), and
// follows it to the end; the person is nowhere in the contact list after.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin exports a person's data, then erases it after releasing a legal hold; the contact is gone", async ({ page }) => {
  const login = (email: string) => page.request.post("/api/login", { data: { email, password: "password" } }).then((r) => r.json());
  const [admin, manager] = [await login("admin@acme.example.com"), await login("sales.manager@acme.example.com")];
  const name = `Petra Private ${Date.now() % 100_000}`;
  const created = await page.request.post("/api/contacts", { headers: { Authorization: `Bearer ${manager.token}` }, data: { name, phone: uniquePhone(), email: "petra@example.com" } });
  expect(created.status(), await created.text()).toBe(201);
  const contact = await created.json();

  await signIn(page, "admin@acme.example.com");
  await page.goto(`/contacts/${contact.id}`);
  const panel = page.getByRole("region", { name: "Personal data" });
  const downloaded = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export their data" }).click();
  expect((await downloaded).suggestedFilename()).toMatch(new RegExp(`^contact-${contact.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));

  await panel.getByRole("button", { name: "Place legal hold" }).click();
  await expect(panel.getByRole("button", { name: "Erase on request" })).toBeDisabled();
  await expect(panel).toContainText("cannot be erased until it is released");
  await snap(page, "personal-data-legal-hold");
  await panel.getByRole("button", { name: "Release legal hold" }).click();

  await panel.getByRole("button", { name: "Erase on request" }).click();
  const dialog = page.getByRole("dialog", { name: `Erase ${name}?` });
  await expect(dialog.getByRole("button", { name: "Erase everything" })).toBeDisabled();
  await dialog.getByLabel("Type their name to confirm").fill(name);
  await snap(page, "personal-data-erase-confirm");
  await dialog.getByRole("button", { name: "Erase everything" }).click();

  await expect(page).toHaveURL(/\/contacts\?erased=1$/);
  await expect(page.getByRole("status").filter({ hasText: "The person's data was erased." })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search contacts" }).fill(name);
  await expect(page.getByRole("cell", { name })).toHaveCount(0);
  expect((await page.request.get(`/api/contacts/${contact.id}`, { headers: { Authorization: `Bearer ${admin.token}` } })).status()).toBe(404);
});
