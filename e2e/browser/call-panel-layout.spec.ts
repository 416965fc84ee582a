import { expect, type Locator } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap, takeInboundCall } from "./helpers";

// Issue 45, point 9: the call panel does not cover the Recent calls list at
// 1440x900, and on a phone it folds down so the page stays usable.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test("at 1440x900 the call panel leaves the Recent calls list uncovered", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  const recent = page.getByRole("region", { name: "Recent calls" });
  await recent.scrollIntoViewIfNeeded();
  const [panel, list] = [await box(dock), await box(recent)];
  const overlaps = panel.x < list.x + list.width && list.x < panel.x + panel.width && panel.y < list.y + list.height && list.y < panel.y + panel.height;
  expect(overlaps, `panel ${JSON.stringify(panel)} list ${JSON.stringify(list)}`).toBe(false);
  await snap(page, "call-panel-1440x900");
  await page.waitForTimeout(1100);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
});

test("on a 390x844 phone the call panel folds to its header and the page under it can be used", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signIn(page, "agent2@acme.example.com");
    await becomeAvailable(page);
    const dock = await takeInboundCall(page);
    await snap(page, "call-panel-390x844-open");
    await dock.getByRole("button", { name: "Hide the call panel" }).click();
    await expect(dock.getByRole("button", { name: "Show the call panel" })).toHaveAttribute("aria-expanded", "false");
    expect((await box(dock)).height).toBeLessThan(120);
    await expect(dock).toContainText("On call");
    // The page keeps the panel's measured height free at its end, whatever the header wraps to.
    const room = await page.locator("main.content").evaluate((main) => parseFloat(getComputedStyle(main).paddingBottom));
    expect(room).toBeGreaterThanOrEqual((await box(dock)).height + 8);
    // The page under it: its last link is reachable and works, with the call still on.
    const allCalls = page.getByRole("link", { name: "All my calls →" });
    await allCalls.scrollIntoViewIfNeeded();
    const [panel, link] = [await box(dock), await box(allCalls)];
    expect(link.y + link.height <= panel.y || link.y >= panel.y + panel.height, `panel ${JSON.stringify(panel)} link ${JSON.stringify(link)}`).toBe(true);
    await snap(page, "call-panel-390x844-folded");
    await allCalls.click();
    await expect(page).toHaveURL(/\/calls/);
    await dock.getByRole("button", { name: "Show the call panel" }).click();
    await page.waitForTimeout(1100);
    await dock.getByRole("button", { name: "Hang up" }).click();
    await dock.getByRole("button", { name: "Save notes and become available" }).click();
    await expect(dock).toHaveCount(0);
    await page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
  } finally {
    await context.close();
  }
});
