import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, listTime, signIn, snap } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** Settings → Organization: picks a country by typing part of its name and the keyboard alone. */
async function chooseCountry(page: import("@playwright/test").Page, typed: string, name: string) {
  await page.goto("/settings?tab=organization");
  const form = page.getByRole("form", { name: "Organization settings" });
  const picker = form.getByRole("combobox", { name: "Default country" });
  await picker.fill(typed);
  await expect(page.getByRole("listbox", { name: "Default country" }).getByRole("option").first()).toContainText(name);
  await picker.press("Enter");
  await expect(picker).toHaveValue(name);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Saved.")).toBeVisible();
  return form;
}

test("phone numbers are read in the organization's country: the picker, the contact form and the search", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  const form = await chooseCountry(page, "kingd", "United Kingdom");
  await snap(page, "organization-settings");
  await page.reload();
  await expect(form.getByRole("combobox", { name: "Default country" })).toHaveValue("United Kingdom");

  const local = `020 7946 0${String(Date.now() % 1000).padStart(3, "0")}`;
  const e164 = `+44${local.replace(/\D/g, "").slice(1)}`;
  await page.goto("/contacts/new");
  const contact = page.getByRole("form", { name: "New contact" });
  await contact.getByLabel("Name *").fill("Harriet London");
  // The organization's country arrives with its profile: typing before it would be read as the US.
  await expect(contact.getByText("A national number of United Kingdom")).toBeVisible();
  await contact.getByLabel("Phone *").pressSequentially(local.replace(/\D/g, ""));
  await expect(contact.getByLabel("Phone *")).toHaveValue(local);
  await expect(contact.getByText(`Saved as ${e164}`)).toBeVisible();
  await contact.getByRole("button", { name: "Create contact" }).click();
  await expect(page.getByRole("heading", { name: "Harriet London" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Contact details" })).toContainText(e164.slice(0, 3));

  // The number as a person writes it finds the contact stored in E.164.
  await page.goto(`/contacts?q=${encodeURIComponent(local)}`);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row").filter({ hasText: "Harriet London" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);

  // Back to the demo's country for the other tests.
  await chooseCountry(page, "united st", "United States");
});

test("times in lists follow the organization's time zone, said once on the page", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.goto("/settings?tab=organization");
  const form = page.getByRole("form", { name: "Organization settings" });
  const zone = form.getByRole("combobox", { name: "Time zone" });
  await zone.fill("tokyo");
  await zone.press("Enter");
  await expect(zone).toHaveValue("Asia/Tokyo");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Saved.")).toBeVisible();

  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const logs = await (await page.request.get("/api/voice/call-logs?per_page=1", { headers: { Authorization: `Bearer ${session.apiToken}` } })).json();
  const createdAt: string = logs.data[0].created_at;
  await page.goto("/calls");
  await expect(page.getByText("Times in Asia/Tokyo")).toHaveCount(1);
  // As every list shows times (issue 61, point 7), on Tokyo's clock.
  await expect(page.getByRole("row").nth(1)).toContainText(listTime(createdAt, "Asia/Tokyo"));
  await snap(page, "times-in-tokyo");

  // Back to the demo's zone for the other tests.
  await page.goto("/settings?tab=organization");
  await zone.fill("new york");
  await zone.press("Enter");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Saved.")).toBeVisible();
});
