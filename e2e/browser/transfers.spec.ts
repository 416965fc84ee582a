import { expect, type Browser, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap } from "./helpers";

// Issue 22: transfers between two agents and a supervisor whispering, on the
// simulated device (the simulator plays the provider; the server's call
// state, the event stream and the call logs are real). Two browsers: the
// agent who transfers and the one who takes the call.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

async function agentPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await becomeAvailable(page);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
  return page;
}

/** The agent takes a simulated inbound caller: the call panel. */
async function takeInboundCall(page: Page) {
  await page.getByRole("button", { name: "Simulate inbound call" }).click();
  const waiting = page.getByTestId("waiting-call").first();
  await expect(waiting).toBeVisible({ timeout: 5_000 });
  await waiting.getByRole("button", { name: "Accept" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  return dock;
}

/** Wrap-up done: the panel closes and the agent is available again. */
async function finishWrapUp(page: Page) {
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("Call ended");
  await dock.getByRole("button", { name: /Save notes and/ }).click();
  await expect(dock).toHaveCount(0);
}

/** After a handover: the agent who transferred wraps up, the one who took the caller hangs up and wraps up. */
async function bothHangUp(page: Page, bea: Page) {
  await finishWrapUp(page);
  await bea.getByRole("complementary", { name: "Current call" }).getByRole("button", { name: "Hang up" }).click();
  await finishWrapUp(bea);
  await bea.context().close();
}

test("cold transfer: the caller goes to the colleague at once, the agent wraps up, the colleague's panel opens on the call", async ({ page, browser }) => {
  const bea = await agentPage(browser, "agent2@acme.example.com");
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);

  await dock.getByRole("button", { name: "Transfer" }).click();
  const panel = dock.getByRole("form", { name: "Transfer the call" });
  await panel.getByLabel("Search agents and queues").fill("Bea");
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await panel.getByRole("radio", { name: "Cold" }).check();
  await snap(page, "transfer-picker");
  await panel.getByRole("button", { name: "Transfer" }).click();
  await expect(dock).toContainText("Call ended");

  // Bea's panel opens on the caller, without a reload: the server reserved her for it.
  const beaDock = bea.getByRole("complementary", { name: "Current call" });
  await expect(beaDock).toContainText("On call", { timeout: 10_000 });
  await expect(beaDock).toContainText("Transferred by Andy Agent");
  await expect(bea.getByRole("button", { name: "Busy" })).toHaveAttribute("aria-pressed", "true");
  await snap(bea, "cold-transfer-target");

  await bothHangUp(page, bea);
});

test("warm transfer: the caller holds while the agents talk; complete hands the caller over", async ({ page, browser }) => {
  const bea = await agentPage(browser, "agent2@acme.example.com");
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);

  await dock.getByRole("button", { name: "Transfer" }).click();
  const panel = dock.getByRole("form", { name: "Transfer the call" });
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await expect(panel.getByRole("radio", { name: /Warm/ })).toBeChecked();
  await panel.getByRole("button", { name: "Transfer" }).click();

  // The consultation: the caller on hold, Bea on the line with Andy.
  const consult = dock.getByRole("group", { name: "Warm transfer" });
  await expect(consult).toContainText("Consulting Bea Agent");
  await expect(dock).toContainText("On hold");
  const beaDock = bea.getByRole("complementary", { name: "Current call" });
  await expect(beaDock).toContainText("Andy Agent wants to transfer this caller to you", { timeout: 10_000 });
  await snap(page, "warm-transfer-consult");
  await snap(bea, "warm-transfer-target-consult");

  await consult.getByRole("button", { name: "Complete transfer" }).click();
  await expect(dock).toContainText("Call ended");
  await expect(beaDock).toContainText("On call", { timeout: 10_000 });
  await expect(beaDock).toContainText("Transferred by Andy Agent");
  await snap(bea, "warm-transfer-completed");

  await bothHangUp(page, bea);
});

test("a supervisor whispers from the wallboard: the agent's panel says so; the wallboard lists the agent on the call", async ({ page, browser }) => {
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);

  const sally = await (await browser.newContext()).newPage();
  await signIn(sally, "sales.manager@acme.example.com");
  await sally.goto("/reports/live");
  const row = sally.getByTestId("roster-agent").filter({ hasText: "Andy Agent" });
  await expect(row).toContainText("Busy");
  const controls = row.getByRole("group", { name: "Monitor Andy Agent" });
  await controls.getByRole("button", { name: "Listen" }).click();
  await expect(controls.getByRole("button", { name: "Listen" })).toHaveAttribute("aria-pressed", "true");
  await expect(dock.getByTestId("monitored")).toHaveCount(0);
  await controls.getByRole("button", { name: "Whisper" }).click();
  await expect(controls.getByRole("button", { name: "Whisper" })).toHaveAttribute("aria-pressed", "true");
  await snap(sally, "wallboard-whisper");

  await expect(dock.getByTestId("monitored")).toContainText("Sally Sales is whispering to you", { timeout: 10_000 });
  await snap(page, "agent-whispered-to");

  await controls.getByRole("button", { name: "Stop" }).click();
  await expect(dock.getByTestId("monitored")).toHaveCount(0, { timeout: 10_000 });
  await dock.getByRole("button", { name: "Hang up" }).click();
  await finishWrapUp(page);
  await sally.context().close();
});

test("a transferred caller takes the place of a wrap-up panel the agent left open by going Available; its notes are kept", async ({ page, browser }) => {
  const bea = await agentPage(browser, "agent2@acme.example.com");
  // Bea ends a call and types notes, then makes herself Available from the state bar without saving.
  const beaDock = await takeInboundCall(bea);
  await beaDock.getByRole("button", { name: "Hang up" }).click();
  await expect(beaDock).toContainText("Call ended");
  await beaDock.getByLabel("Call notes").fill("Left open by going available");
  const beaAvailable = bea.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available" });
  await beaAvailable.click();
  await expect(beaAvailable).toHaveAttribute("aria-pressed", "true");

  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  await dock.getByRole("button", { name: "Transfer" }).click();
  const panel = dock.getByRole("form", { name: "Transfer the call" });
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await panel.getByRole("radio", { name: "Cold" }).check();
  await panel.getByRole("button", { name: "Transfer" }).click();

  await expect(beaDock).toContainText("Transferred by Andy Agent", { timeout: 10_000 });
  await expect(beaDock).toContainText("On call");
  await bea.goto("/calls");
  await expect(bea.getByRole("row").filter({ hasText: "Left open by going available" })).toHaveCount(1);
  await snap(bea, "transfer-replaces-wrap-up");

  await bothHangUp(page, bea);
});

test("three-way call: the agent adds a colleague, whose panel opens on the call; the colleague leaves and wraps up, the call goes on", async ({ page, browser }) => {
  const bea = await agentPage(browser, "agent2@acme.example.com");
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);

  await dock.getByRole("button", { name: "Add participant" }).click();
  const panel = dock.getByRole("form", { name: "Add someone to the call" });
  await panel.getByRole("radio", { name: /Bea Agent/ }).check();
  await panel.getByRole("button", { name: "Add to call" }).click();
  await expect(dock.getByRole("list", { name: "Also on the call" })).toContainText("Bea Agent");

  const beaDock = bea.getByRole("complementary", { name: "Current call" });
  await expect(beaDock).toContainText("Three-way call: Andy Agent added you", { timeout: 10_000 });
  await expect(beaDock.getByRole("button", { name: "Transfer" })).toHaveCount(0);
  await snap(bea, "three-way-participant");
  await beaDock.getByRole("button", { name: "Leave call" }).click();
  await expect(beaDock).toContainText("Call ended");
  await beaDock.getByRole("button", { name: "Close and become available" }).click();
  await expect(beaDock).toHaveCount(0);
  await expect(bea.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");

  // Andy is still with the caller, and Bea is gone from the call.
  await expect(dock.getByRole("list", { name: "Also on the call" })).toHaveCount(0, { timeout: 10_000 });
  await expect(dock).toContainText("On call");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await finishWrapUp(page);
  await bea.context().close();
});
