import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, inHoursPhone, outOfHoursPhone, signIn, snap } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("manager sets up a preview campaign, sees the dry run and starts it; an agent calls the contact it hands over", async ({ page, browser }) => {
  await signIn(page, "sales.manager@acme.example.com");
  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const headers = { Authorization: `Bearer ${session.apiToken}` };
  const tag = `pw-campaign-${Date.now()}`;
  for (const name of ["Campaign Ada", "Campaign Bea"]) {
    expect((await page.request.post("/api/contacts", { headers, data: { name, phone: inHoursPhone(), tags: [tag] } })).status()).toBe(201);
  }

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click();
  await page.getByRole("link", { name: "New campaign" }).click();
  const form = page.getByRole("form", { name: "New campaign" });
  await form.getByLabel("Name").fill("Browser spring push");
  await form.getByLabel("Contacts tagged (all of)").fill(tag);
  await form.getByLabel("Dialing mode").selectOption("preview");
  await form.getByLabel("From").fill("00:00");
  await form.getByLabel("Until").fill("23:59");
  for (const day of ["Sat", "Sun"]) await form.getByLabel(day, { exact: true }).check();
  await form.getByRole("button", { name: "Create campaign" }).click();

  await expect(page.getByRole("heading", { name: "Browser spring push" })).toBeVisible();
  const dryRun = page.getByRole("region", { name: "Dry run" });
  await expect(dryRun).toContainText("2will be called");
  await expect(dryRun).toContainText("2callable right now");
  const willCall = dryRun.getByRole("tabpanel", { name: "Will be called" });
  await expect(willCall.getByRole("row").filter({ hasText: "Campaign Ada" })).toContainText("now");
  await snap(page, "campaign-dry-run");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("region", { name: "Live figures" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Campaign contacts" })).toContainText("Campaign Ada");

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, "agent1@acme.example.com");
  const preview = agent.getByRole("region", { name: "Campaign preview" });
  await preview.getByRole("button", { name: "Get the next campaign contact" }).click();
  await expect(preview).toContainText("Browser spring push");
  await expect(preview).toContainText(/Campaign (Ada|Bea)/);
  await snap(agent, "agent-preview-card");
  await preview.getByRole("button", { name: /^Call / }).click();
  const dock = agent.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  await dock.getByLabel("Call notes").fill("Interested, send the brochure");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await agent.getByRole("link", { name: "My calls", exact: true }).click();
  await expect(agent.getByRole("row").filter({ hasText: "Interested, send the brochure" })).toContainText("Campaign");
  await agentContext.close();

  await page.reload();
  const live = page.getByRole("region", { name: "Live figures" });
  await expect(live).toContainText("1attempts");
  await expect(page.getByRole("region", { name: "Campaign contacts" })).toContainText("answered");
});

test("agents cannot open campaigns", async ({ page }) => {
  await signIn(page, "agent1@acme.example.com");
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
});

test("a dry run with nobody callable now says why and when the first contact can be called, and names who is left out", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  const session = await page.request.get("/api/auth/session").then((r) => r.json());
  const headers = { Authorization: `Bearer ${session.apiToken}` };
  const tag = `pw-night-${Date.now()}`;
  expect((await page.request.post("/api/contacts", { headers, data: { name: "Night Owl", phone: outOfHoursPhone(), tags: [tag] } })).status()).toBe(201);
  expect((await page.request.post("/api/contacts", { headers, data: { name: "Never Call", phone: outOfHoursPhone(), tags: [tag, "DNC"] } })).status()).toBe(201);
  const created = await page.request.post("/api/campaigns", {
    headers,
    data: { name: "Night shift test", selection: { tags: [tag] }, calling_window: { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] } },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/campaigns/${(await created.json()).id}`);
  const dryRun = page.getByRole("region", { name: "Dry run" });
  await expect(dryRun).toContainText("0callable right now");
  await expect(dryRun.getByTestId("dry-run-warning")).toContainText("Nobody is callable right now");
  await expect(dryRun.getByTestId("dry-run-warning")).toContainText("The first becomes callable at");
  await expect(dryRun.getByRole("tabpanel", { name: "Will be called" }).getByRole("row").filter({ hasText: "Night Owl" })).toContainText("from ");
  await dryRun.getByRole("tab", { name: /Left out/ }).click();
  await expect(dryRun.getByRole("tabpanel", { name: "Left out" }).getByRole("row").filter({ hasText: "Never Call" })).toContainText("Tagged DNC");
  await snap(page, "campaign-dry-run-nobody-callable");
});
