import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

const FIXTURE = path.join(process.cwd(), "..", "shared", "fixtures", "contacts-messy.csv");

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("manager creates, edits, searches and tags a contact", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  await expect(page).toHaveURL(/\/contacts/);
  await expect(page.getByRole("table", { name: "Contacts" })).toBeVisible();

  await page.getByRole("link", { name: "New contact" }).click();
  const form = page.getByRole("form", { name: "New contact" });
  await form.getByRole("button", { name: "Create contact" }).click();
  await expect(form.getByText("The name field is required.")).toBeVisible(); // checked before sending
  // The error is tied to its field: a screen reader reads it on the field.
  await expect(form.getByLabel("Name *")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name *")).toHaveAccessibleDescription("The name field is required.");
  const phone = uniquePhone();
  await form.getByLabel("Name *").fill("Grace Playwright");
  await form.getByLabel("Phone *").fill(phone);
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByLabel("Company").fill("Harbor Labs");
  await form.getByLabel("Tags").fill("Prospect"); // the demo organization spells it "prospect"
  await form.getByLabel("Lead source").selectOption("Referral");
  await form.getByRole("button", { name: "Create contact" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Contact saved." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Grace Playwright" })).toBeVisible();
  await expect(page.getByText("Referral")).toBeVisible();
  await expect(page.getByRole("region", { name: "Contact details" }).locator(".tag")).toHaveText(["prospect"]);
  await snap(page, "contact-detail");

  await page.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit contact" });
  await edit.getByLabel("Company").fill("Harbor Labs International");
  await edit.getByLabel("Opted out of calls").check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  const details = page.getByRole("region", { name: "Contact details" });
  await expect(details).toContainText("Harbor Labs International");
  await expect(details.getByText("opted out")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await page.getByLabel("Search contacts").fill("grace playw");
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(2); // header + Grace
  await expect(table).toContainText("Grace Playwright");
  await expect(page).toHaveURL(/q=grace/);
  await page.getByRole("form", { name: "Contact filters" }).getByLabel("Opted out").selectOption("false");
  await expect(page.getByText("No contact matches these filters")).toBeVisible(); // Grace opted out above
  await page.getByRole("form", { name: "Contact filters" }).getByLabel("Opted out").selectOption("true");
  await expect(table.getByRole("row").filter({ hasText: "Grace Playwright" })).toContainText("opted out");
  await expect(page).toHaveURL(/opted_out=true/);

  await table.getByLabel("Select Grace Playwright").check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await bulk.getByLabel("Tag for the selected contacts").fill("spring-fair");
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tagged 1 contact with spring-fair." })).toBeVisible();
  await expect(table).toContainText("spring-fair");
  await table.getByLabel("Select Grace Playwright").check();
  await bulk.getByRole("button", { name: "Mark opted out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked 0 contacts as opted out; 1 already was" })).toBeVisible();
  // The tag filter takes the organization's spelling whatever the case typed, and says when no contact has a tag.
  const filterBar = page.getByRole("form", { name: "Contact filters" });
  await filterBar.getByLabel("Tags").fill("SPRING-FAIR");
  await filterBar.getByLabel("Tags").press("Enter");
  await expect(page).toHaveURL(/tags=spring-fair/);
  await expect(table).toContainText("Grace Playwright");
  await filterBar.getByLabel("Tags").fill("no-such-tag");
  await filterBar.getByLabel("Tags").press("Enter");
  await expect(filterBar.getByText("No contact carries “no-such-tag”.")).toBeVisible();

  await page.getByRole("link", { name: "Tags" }).click();
  const tags = page.getByRole("table", { name: "Tags" });
  await expect(tags.getByRole("row").filter({ hasText: "spring-fair" })).toContainText("1");
});

test("manager imports a CSV through the wizard with progress, then downloads the rejected rows", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/contacts/import");
  await page.getByLabel("CSV or Excel file").setInputFiles(FIXTURE);
  await page.getByLabel("Tag every imported contact").fill("messy-import");
  await page.getByRole("button", { name: "Check the file" }).click();

  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("rows checked", { timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Column mapping" }).getByLabel("Field for column Phone Number")).toHaveValue("phone");
  const invalid = page.getByRole("region", { name: "Invalid rows" });
  await expect(invalid).toContainText("12345");
  await expect(invalid).toContainText("phone:");
  await snap(page, "import-preview");
  const download = page.waitForEvent("download");
  await invalid.getByRole("button", { name: "Download rejected rows" }).click();
  const file = readFileSync(await (await download).path(), "utf8");
  expect(file.split("\n")[0]).toContain("row,reasons,name,phone");
  expect(file).toContain("Bad Phone");

  await page.getByRole("button", { name: /^Start import of/ }).click();
  const progress = page.getByRole("region", { name: "Import progress" });
  await expect(progress.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(progress.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await snap(page, "import-finished");

  await progress.getByRole("link", { name: "See the contacts" }).click();
  await expect(page).toHaveURL(/tags=messy-import/);
  await page.getByLabel("Search contacts").fill("lovelace");
  await expect(page.getByRole("table", { name: "Contacts" })).toContainText("Ada Lovelace");
});

test("manager exports the filtered contacts as CSV", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/contacts?status=all");
  await expect(page.getByRole("table", { name: "Contacts" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByLabel(/Export (all|filtered)/).selectOption("csv");
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync(await saved.path(), "utf8");
  expect(text.split("\n")[0].toLowerCase()).toContain("name");
  expect(text.split("\n").length).toBeGreaterThan(10);
});

test("manager merges two duplicates side by side, seeing why they match and confirming, then undoes it", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 409 \(Conflict\).*auto-merge/); // automatic merging is off: the page explains the 409 it gets
  await signIn(page, "sales.manager@acme.example.com");
  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const headers = { Authorization: `Bearer ${session.apiToken}` };
  for (const [tags, calls] of [
    [["north"], 0],
    [["south"], 0],
  ] as const) {
    const created = await page.request.post("/api/contacts", { headers, data: { name: "Zebediah Mergeworth", company: "Mergeworth & Sons", phone: uniquePhone(), tags } });
    expect(created.status(), String(calls)).toBe(201);
  }

  await page.goto("/contacts/duplicates");
  // Merging everything at once is the organization's choice, and is previewed before it happens.
  const mergeAll = page.getByRole("button", { name: "Merge all automatically…" });
  await mergeAll.click();
  await expect(page.getByRole("status").filter({ hasText: "Automatic merging is off for your organization" })).toBeVisible();
  const admin = await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json());
  const setMerging = (merge_behavior: string) => page.request.put("/api/settings/duplicates", { headers: { Authorization: `Bearer ${admin.token}` }, data: { merge_behavior } });
  expect((await setMerging("automatic")).status()).toBe(200);
  try {
    await mergeAll.click();
    const plan = page.getByRole("dialog", { name: /^Merge \d+ groups?\?$/ });
    await expect(plan).toContainText("into the newest contact of their group");
    await plan.getByRole("button", { name: "Cancel" }).click();
    await expect(plan).toBeHidden();
  } finally {
    await setMerging("manual");
  }

  await page.getByLabel("Find duplicates of").fill("zebediah");
  const group = page.getByRole("region", { name: /Duplicates: zebediah/i });
  await expect(group).toBeVisible();
  await expect(group.getByRole("radio")).toHaveCount(2);
  // Why they look alike is shown, and nothing is chosen for the manager.
  await expect(group.getByRole("list", { name: "Why these look alike" })).toContainText("same company, names 100% alike");
  await expect(group.getByRole("button", { name: "Choose the contact to keep" })).toBeDisabled();
  await snap(page, "duplicates-side-by-side");
  await group.getByRole("radio").first().check();
  await group.getByRole("button", { name: /^Merge 1 into Zebediah Mergeworth/ }).click();
  const confirm = group.getByRole("alertdialog", { name: "Confirm the merge" });
  await expect(confirm).toContainText("stays.");
  await expect(confirm).toContainText("You can undo this for 30 days.");
  await snap(page, "duplicates-confirm-merge");
  await confirm.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merged 1 contact into Zebediah Mergeworth." })).toBeVisible();
  await expect(group).toHaveCount(0);
  const merged = await page.request.get("/api/contacts?q=zebediah", { headers }).then((r) => r.json());
  expect(merged.data).toHaveLength(1);
  expect([...merged.data[0].tags].sort()).toEqual(["north", "south"]);

  // Undone from the same notice: both contacts are back, each with its own tag.
  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Merge undone: 1 contact restored." })).toBeVisible();
  await page.goto("/contacts?q=zebediah");
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText("north");
  await expect(table).toContainText("south");
});

test("admin settings: import defaults saved, retention previewed, custom field added", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("tab", { name: "Import" }).click();
  const importForm = page.getByRole("form", { name: "Import settings" });
  await importForm.getByLabel("Largest import (rows)").fill("20000");
  await importForm.getByRole("button", { name: "Save" }).click();
  await expect(importForm.getByText("Saved.")).toBeVisible();

  // Retention shows who a run would delete before anything is deleted.
  await page.getByRole("tab", { name: "Retention" }).click();
  const retention = page.getByRole("form", { name: "Retention settings" });
  await expect(retention.getByLabel("Last retention run")).toHaveText("Retention has not run yet.");
  await retention.getByRole("button", { name: "Run retention now…" }).click();
  await expect(retention.getByRole("status")).toHaveText("Retention is off: enter a number of days and save first.");
  await retention.getByLabel("Delete contacts with no call for (days)").fill("20");
  await retention.getByRole("button", { name: "Save" }).click();
  await expect(retention.getByText("Saved.")).toBeVisible();
  await retention.getByRole("button", { name: "Run retention now…" }).click();
  const confirm = page.getByRole("dialog", { name: /^Delete \d+ contacts\?$/ });
  await expect(confirm.getByRole("list", { name: "Contacts to delete" }).getByRole("listitem")).toHaveCount(11); // ten names, "and N more"
  await snap(page, "retention-preview");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await retention.getByLabel("Delete contacts with no call for (days)").fill("");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/settings/retention") && r.request().method() === "PUT");
  await retention.getByRole("button", { name: "Save" }).click();
  expect(await (await saved).json()).toMatchObject({ inactive_contact_days: null });

  await page.getByRole("tab", { name: "Telephony" }).click();
  const telephony = page.getByRole("form", { name: "Telephony settings" });
  await expect(telephony.getByLabel("Inbound numbers")).toHaveValue("+15005550006");
  await expect(telephony.getByText("Not set.").first()).toBeVisible();

  await page.getByRole("tab", { name: "Custom fields" }).click();
  const add = page.getByRole("form", { name: "Add a custom field" });
  await add.getByLabel("Label").fill("Preferred channel");
  await add.getByLabel("Key").fill("preferred_channel");
  await add.getByLabel("Type").selectOption("dropdown");
  await add.getByLabel("Options").fill("Phone, Email, SMS");
  await add.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("table", { name: "Custom fields" })).toContainText("Preferred channel");
});
