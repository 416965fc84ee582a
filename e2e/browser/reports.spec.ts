import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an admin reads the reports with charts, sorts the agents and downloads a CSV; the wallboard refreshes", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("calls");
  await expect(summary).toContainText("answer rate");
  // The charts: three lines over the days, two bars per hour, each point's values in its tooltip.
  const daily = page.getByRole("img", { name: "Calls per day" });
  await expect(daily.locator("svg .chart-line")).toHaveCount(3);
  await expect(daily.locator("svg .chart-hover title").last()).toHaveText(/^\d{4}-\d\d-\d\d: \d+ calls, \d+ inbound answered, \d+ abandoned$/);
  const hourly = page.getByRole("img", { name: "Calls by hour of day" });
  await expect(hourly.locator("svg .chart-bar")).toHaveCount(48);
  await expect(hourly.locator("svg .chart-hover title").first()).toHaveText(/^00:00: \d+ calls, \d+ inbound answered$/);
  await expect(hourly.getByText("Inbound answered", { exact: true })).toBeVisible();

  const agents = page.getByRole("table", { name: "Agent figures" });
  await expect(agents).toContainText("Andy Agent");
  await agents.getByRole("button", { name: /Calls/ }).click();
  await expect(agents.getByRole("columnheader", { name: /Calls/ })).toHaveAttribute("aria-sort", "descending");
  await snap(page, "reports");

  const download = page.waitForEvent("download");
  await page.getByRole("region", { name: "Agents" }).getByRole("button", { name: "CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain("user_id,name,calls,talk_seconds");

  await page.getByRole("link", { name: "Live wallboard" }).click();
  await expect(page.getByText("calls waiting")).toBeVisible();
  await expect(page.getByText("agents available")).toBeVisible();
});

test("an agent sees only their own numbers", async ({ page }) => {
  await signIn(page, "agent2@acme.example.com");
  await page.getByRole("link", { name: "My numbers" }).click();
  await expect(page.getByRole("heading", { name: "My numbers" })).toBeVisible();
  const agents = page.getByRole("table", { name: "Agent figures" });
  await expect(agents.getByRole("row")).toHaveCount(2);
  await expect(agents).toContainText("Agent");
});
