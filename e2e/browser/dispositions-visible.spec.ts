import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap, takeInboundCall } from "./helpers";

// Issue 45, point 2: a call's outcome is visible where people look for it:
// Recent calls beside the queue, My calls (a column, a filter, the call's
// details), and the dispositions report.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("the disposition picked at wrap-up shows in Recent calls, My calls (column, filter, details) and the dispositions report", async ({ page }) => {
  await signIn(page, "agent2@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  await dock.getByLabel("Call notes").fill("Wants the yearly plan");
  await page.waitForTimeout(1100);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");
  const picker = dock.getByLabel("Disposition");
  const outcome = (await picker.locator("option").nth(1).textContent())!.trim();
  await picker.selectOption(outcome);
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();

  // Beside the queue.
  const recent = page.getByRole("region", { name: "Recent calls" });
  await expect(recent.getByTestId("disposition").first()).toHaveText(outcome);

  // My calls: the column, the call's details, and the filter.
  await page.getByRole("link", { name: "My calls", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Wants the yearly plan" });
  await expect(row.getByTestId("disposition")).toHaveText(outcome);
  await row.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("definition").filter({ has: page.getByTestId("disposition") });
  await expect(details).toHaveText(outcome);
  await snap(page, "call-details-disposition");
  await page.getByLabel("Disposition").selectOption({ label: "None recorded" });
  await expect(page.getByRole("row").filter({ hasText: "Wants the yearly plan" })).toHaveCount(0);
  await page.getByLabel("Disposition").selectOption({ label: outcome });
  await expect(page.getByRole("row").filter({ hasText: "Wants the yearly plan" }).first()).toBeVisible();

  // The report: the outcome counted for this agent, and in the general queue.
  await page.goto("/reports/dispositions");
  const outcomes = page.getByRole("table", { name: "Calls by disposition" });
  await expect(outcomes.getByRole("row").filter({ hasText: outcome })).toBeVisible();
  const byAgent = page.getByRole("table", { name: "Dispositions by agent" });
  await expect(byAgent.getByRole("row").filter({ hasText: "Bea" })).toBeVisible();
  await snap(page, "dispositions-report");
});
