import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, takeInboundCall } from "./helpers";

// Issue 45, point 9: a person added to a three-way call sees themselves as
// "You", with no Remove button for themselves (they leave with Leave call);
// the agent who added them can still remove them.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("the colleague added to a call is listed to themselves as You, without a Remove button; the agent can remove them", async ({ page, browser }) => {
  const bea = await (await browser.newContext()).newPage();
  await signIn(bea, "agent2@acme.example.com");
  await becomeAvailable(bea);
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);

  await dock.getByRole("button", { name: "Add participant" }).click();
  const panel = dock.getByRole("form", { name: "Add someone to the call" });
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await panel.getByRole("button", { name: "Add to call" }).click();
  const beaDock = bea.getByRole("complementary", { name: "Current call" });
  await expect(beaDock).toContainText("Three-way call: Andy Agent added you", { timeout: 10_000 });
  const herList = beaDock.getByRole("list", { name: "Also on the call" });
  await expect(herList).toContainText("You");
  await expect(herList.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await expect(dock.getByRole("button", { name: "Remove Bea Agent" })).toBeVisible();

  await dock.getByRole("button", { name: "Remove Bea Agent" }).click();
  await expect(dock.getByRole("list", { name: "Also on the call" })).toHaveCount(0, { timeout: 10_000 });
  // Both wrap up for good: the next test of this worker finds neither in wrap-up (a transfer test failed on Bea's left-open part).
  await expect(beaDock).toContainText("Call ended", { timeout: 10_000 });
  await beaDock.getByRole("button", { name: "Close and become available" }).click();
  await expect(beaDock).toHaveCount(0);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");
  await dock.getByRole("button", { name: /Save notes and/ }).click();
  await expect(dock).toHaveCount(0);
  for (const agent of [bea, page]) await agent.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Offline" }).click();
  await bea.context().close();
});
