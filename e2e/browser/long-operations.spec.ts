import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// "Every contact matching" runs on the server as an operation; the page shows
// its progress and then what changed, and stays usable meanwhile.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a manager tags every contact matching the list, renames the tag, and removes it from all of them", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/contacts");
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Pages" });
  const total = Number(((await pages.locator("span").first().textContent()) ?? "").replace(/.* of /, "").replace(/[^\d]/g, ""));
  expect(total).toBeGreaterThan(25);

  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: `Select all ${total.toLocaleString("en-US")} matching contacts` }).click();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toContainText(`All ${total.toLocaleString("en-US")} matching contacts selected`);
  await bulk.getByLabel("Tag for the selected contacts").fill("e2e-everyone");
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Tagged ${total.toLocaleString("en-US")} contacts with e2e-everyone.` })).toBeVisible({ timeout: 20_000 });
  await snap(page, "bulk-every-matching-done");

  await page.goto("/contacts/tags");
  const row = page.getByRole("row").filter({ hasText: "e2e-everyone" });
  await expect(row).toContainText(String(total));
  await row.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("New name").fill("e2e-all");
  await page.getByRole("button", { name: "Rename", exact: true }).last().click();
  await expect(page.getByRole("status").filter({ hasText: 'Renamed "e2e-everyone" to "e2e-all".' })).toBeVisible();

  await page.goto("/contacts?tags=e2e-all");
  await expect(pages).toContainText(`of ${total.toLocaleString("en-US")}`);
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: /^Select all .* matching contacts$/ }).click();
  await bulk.getByLabel("Tag for the selected contacts").fill("e2e-all");
  await bulk.getByRole("button", { name: "Remove tag" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Removed e2e-all from ${total.toLocaleString("en-US")} contacts.` })).toBeVisible({ timeout: 20_000 });
});
