import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, takeInboundCall } from "./helpers";

// Issue 45, point 9: after a cold transfer the agent's panel no longer asks
// for the call's participants (the agent is no longer a party: each such
// request was a 404 in the console after every transfer).

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** Every request a page makes for a call's participants, with its status. */
function participantRequests(page: Page): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  page.on("response", (response) => {
    if (/\/api\/calls\/[^/]+\/participants/.test(response.url())) seen.push({ url: response.url(), status: response.status() });
  });
  return seen;
}

test("a cold transfer: neither agent's page asks for the participants of a call it has left", async ({ page, browser }) => {
  const bea = await (await browser.newContext()).newPage();
  await signIn(bea, "agent2@acme.example.com");
  await becomeAvailable(bea);
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const andys = participantRequests(page);
  const beas = participantRequests(bea);
  const dock = await takeInboundCall(page);

  await dock.getByRole("button", { name: "Transfer" }).click();
  const panel = dock.getByRole("form", { name: "Transfer the call" });
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await panel.getByRole("radio", { name: "Cold" }).check();
  await panel.getByRole("button", { name: "Transfer" }).click();
  const beaDock = bea.getByRole("complementary", { name: "Current call" });
  await expect(beaDock).toContainText("On call", { timeout: 10_000 });
  await expect(dock).toContainText("Call ended");
  // The call's events go on for a while (Bea joins, the call moves): give them time to arrive.
  await page.waitForTimeout(2_000);
  await dock.getByRole("button", { name: /Save notes and/ }).click();
  await expect(dock).toHaveCount(0);
  await beaDock.getByRole("button", { name: "Hang up" }).click();
  await expect(beaDock).toContainText("Call ended");
  await beaDock.getByRole("button", { name: /Save notes and/ }).click();

  expect(andys.filter((r) => r.status >= 400)).toEqual([]);
  expect(beas.filter((r) => r.status >= 400)).toEqual([]);
  expect(andys.length).toBeGreaterThan(0); // the panel did read them while Andy was on the call
  await bea.context().close();
});
