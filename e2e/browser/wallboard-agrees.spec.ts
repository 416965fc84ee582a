import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap, takeInboundCall } from "./helpers";

// Issue 45, point 8: the wallboard agrees with itself. While an agent is on a
// queue call, "answered today" already counts it (saying it is on the line),
// and the queue's row shows it answered beside offered; once it ends, the
// figures are the summary report's for the same day.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a queue call on the line is answered today on the wallboard, and its figures are the report's once it ends", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@acme.example.com");
  await admin.goto("/reports/live");
  const answered = admin.locator(".stat").filter({ hasText: "answered today" });
  await expect(answered).toBeVisible();
  const before = Number((await answered.locator("strong").textContent()) ?? "0");

  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  await expect(answered.locator("strong")).toHaveText(String(before + 1));
  await expect(answered).toContainText(/\d+ on the line now/);
  const general = admin.getByRole("table", { name: "Queues" }).getByTestId("queue-row").filter({ hasText: "General" });
  const cells = general.getByRole("cell");
  // Offered, answered and the service level side by side: an answered call is never "answered 0".
  await expect(cells.nth(6)).not.toHaveText("0");
  // The roster: the agent's time in state ticks by itself, between the wallboard's refreshes (issue 61, point 5).
  const inState = admin.getByTestId("roster-agent").filter({ hasText: "Andy Agent" }).getByRole("cell").nth(2);
  const shown = await inState.textContent();
  await expect(inState).not.toHaveText(shown ?? "", { timeout: 3_000 });
  await snap(admin, "wallboard-on-the-line");

  await page.waitForTimeout(1100);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
  await expect(answered).not.toContainText("on the line now");

  // The same day's summary report: answered and inbound as the wallboard says them.
  const token = (await admin.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  const headers = { Authorization: `Bearer ${token}` };
  const organization = await admin.request.get("/api/organization", { headers }).then((r) => r.json());
  const today = new Date().toLocaleDateString("en-CA", { timeZone: organization.time_zone });
  const report = await admin.request.get(`/api/reports/summary?from=${today}&to=${today}&tz=${organization.time_zone}`, { headers }).then((r) => r.json());
  await expect(answered.locator("strong")).toHaveText(String(report.answered));
  await expect(admin.locator(".stat").filter({ hasText: "abandoned today" }).locator("strong")).toHaveText(String(report.abandoned));
  await adminContext.close();
});

test("a manager's wallboard says whose callers its day counts, as their reports count them", async ({ page }) => {
  await signIn(page, "sales.manager@acme.example.com");
  await page.goto("/reports/live");
  await expect(page.getByTestId("today-scope")).toHaveText(/your department's callers: those of its queue, and those its agents took from any queue, as your reports do/);
  await expect(page.getByRole("table", { name: "Queues" })).toBeVisible();
});
