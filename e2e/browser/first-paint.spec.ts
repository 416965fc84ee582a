import { expect, type Browser, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { listTime, signIn } from "./helpers";

// Issue 45, point 11: a phone paints the page's lists from the HTML, before
// any script has run (the largest paint no longer waits for the scripts and a
// round trip), and what the server drew cannot be clicked before it is live.
// With JavaScript off, each page must show its data: an address the page asks
// for that differs from its hook's would leave the hook's list out of the HTML.

async function withoutScripts(browser: Browser, page: Page, email: string) {
  await signIn(page, email);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  return context.newPage();
}

test("the lists of Contacts, a contact, Reports, the wallboard, Call history and Campaigns come in the HTML", async ({ browser, page }) => {
  const html = await withoutScripts(browser, page, "sales.manager@acme.example.com");
  try {
    await html.goto("/contacts");
    const rows = html.getByRole("table", { name: "Contacts" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);
    const first = html.getByRole("table", { name: "Contacts" }).locator("tbody tr a").first();
    const name = (await first.textContent())!.trim();
    await html.goto((await first.getAttribute("href"))!);
    await expect(html.getByRole("heading", { level: 1, name })).toBeVisible();

    await html.goto("/reports");
    await expect(html.locator(".stat strong").first()).toHaveText(/\d/);
    // The charts are drawn by the server too, from the same answers.
    await expect(html.getByRole("img", { name: "Calls per day" }).locator("svg .chart-line")).toHaveCount(3);
    await html.goto("/reports/live");
    await expect(html.getByText("calls waiting")).toBeVisible();
    await html.goto("/calls");
    const calls = html.getByRole("table", { name: "Calls" }).locator("tbody tr");
    await expect(calls.first()).toBeVisible();
    expect(await calls.count()).toBeGreaterThan(5);
    await html.goto("/campaigns");
    await expect(html.getByRole("table", { name: "Campaigns" }).or(html.getByText("No campaigns yet"))).toBeVisible();
  } finally {
    await html.context().close();
  }
});

test("the agent's state, Recent calls, the conversations and the Follow-ups come in the HTML; the Availability buttons wait for the page to be live", async ({ browser, page }) => {
  const html = await withoutScripts(browser, page, "agent1@acme.example.com");
  try {
    await html.goto("/queue");
    await expect(html.getByRole("region", { name: "Recent calls" })).toContainText(/\d+:\d\d/);
    const availability = html.getByRole("group", { name: "Availability" });
    // Whatever state other tests left the agent in, it is drawn: one button pressed, all of them waiting for the page.
    await expect(availability.locator('button[aria-pressed="true"]')).toHaveCount(1);
    for (const button of await availability.getByRole("button").all()) await expect(button).toBeDisabled();
    await html.goto("/messages");
    await expect(html.getByTestId("conversation").first()).toBeVisible();
    await html.goto("/follow-ups");
    for (const region of ["Voicemails", "Missed callers", "Scheduled callbacks"]) await expect(html.getByRole("region", { name: region })).toBeVisible();
  } finally {
    await html.context().close();
  }
  // Live, the same page works as ever.
  await page.goto("/queue");
  await expect(page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available" })).toBeEnabled();
});

test("Users and the organization's settings come in the HTML", async ({ browser, page }) => {
  const html = await withoutScripts(browser, page, "admin@acme.example.com");
  try {
    await html.goto("/users");
    await expect(html.getByRole("cell", { name: "Andy Agent" }).first()).toBeVisible();
    await html.goto("/settings");
    await expect(html.getByLabel("Name", { exact: true })).not.toHaveValue("");
  } finally {
    await html.context().close();
  }
});

test("every other signed-in page comes whole in the HTML, its times on the organization's clock (no text filled in late)", async ({ browser, page }) => {
  // A draft campaign of the manager's, for its page and its form.
  const { token } = await page.request.post("/api/login", { data: { email: "sales.manager@acme.example.com", password: "password" } }).then((r) => r.json());
  const created = await page.request.post("/api/campaigns", { headers: { Authorization: `Bearer ${token}` }, data: { name: `First paint ${Date.now()}`, selection: { tags: ["renewal"] } } });
  expect(created.status()).toBe(201);
  const campaign = await created.json();
  const html = await withoutScripts(browser, page, "sales.manager@acme.example.com");
  try {
    await html.goto(`/campaigns/${campaign.id}`);
    await expect(html.getByRole("heading", { level: 1, name: campaign.name })).toBeVisible();
    await expect(html.getByRole("region", { name: "Campaign settings" })).toContainText("tagged renewal");
    await html.goto(`/campaigns/${campaign.id}/edit`);
    await expect(html.getByLabel("Name", { exact: true })).toHaveValue(campaign.name);
    await html.goto("/contacts/tags");
    await expect(html.getByRole("table", { name: "Tags" })).toContainText("renewal");
    await html.goto("/reports/dispositions");
    await expect(html.getByRole("region", { name: "By agent" })).toBeVisible();
    await html.goto("/contacts/1/edit");
    await expect(html.getByRole("textbox", { name: /^Name/ })).not.toHaveValue("");
    // The Call history's times are in the HTML, on the organization's clock (New York), as the page shows them live.
    await html.goto("/calls");
    const firstTime = html.getByRole("table", { name: "Calls" }).locator("tbody tr time").first();
    const at = (await firstTime.getAttribute("datetime"))!;
    await expect(firstTime).toHaveText(listTime(at));
  } finally {
    await html.context().close();
  }
  await page.goto("/calls");
  const live = page.getByRole("table", { name: "Calls" }).locator("tbody tr time").first();
  await expect(live).toHaveText(listTime((await live.getAttribute("datetime"))!));
});
