import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, takeInboundCall } from "./helpers";

// Issue 45, point 9: after a cold transfer the agent's panel no longer asks
// for the call's participants (the agent is no longer a party: each such
// request was a 404 in the console after every transfer).

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** Every request a page makes for a call's participants, with its status once answered. */
function participantRequests(page: Page): Promise<{ url: string; status: number }>[] {
  const seen: Promise<{ url: string; status: number }>[] = [];
  page.on("request", (request) => {
    if (/\/api\/calls\/[^/]+\/participants/.test(request.url())) seen.push(request.response().then((response) => ({ url: request.url(), status: response?.status() ?? 0 })));
  });
  return seen;
}

/** The event-stream messages a page receives, as Chromium's DevTools protocol sees each arrive. */
async function streamMessages(page: Page): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const seen: { event: string; data: Record<string, unknown> }[] = [];
  cdp.on("Network.eventSourceMessageReceived", ({ eventName, data }) => seen.push({ event: eventName, data: JSON.parse(data) }));
  return seen;
}

function answered(requests: Promise<{ url: string; status: number }>[]) {
  return Promise.all(requests);
}

test("a cold transfer: neither agent's page asks for the participants of a call it has left", async ({ page, browser }) => {
  const bea = await (await browser.newContext()).newPage();
  await signIn(bea, "agent2@acme.example.com");
  await becomeAvailable(bea);
  await signIn(page, "agent1@acme.example.com");
  await becomeAvailable(page);
  const andysEvents = await streamMessages(page);
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
  // The transfer's events reach Andy's page after his panel moves (transferred, the queue entry left, the
  // call ended): the last of them is his own move to wrap-up. A page that still read the parties would
  // have asked by then (each event's handler asks at once).
  const andy = andysEvents.find((m) => m.event === "call.started")?.data.user_id;
  await expect.poll(() => andysEvents.some((m) => m.event === "agent.status.changed" && m.data.user_id === andy && m.data.status === "wrap_up")).toBe(true);
  await dock.getByRole("button", { name: /Save notes and/ }).click();
  await expect(dock).toHaveCount(0);
  await beaDock.getByRole("button", { name: "Hang up" }).click();
  await expect(beaDock).toContainText("Call ended");
  await beaDock.getByRole("button", { name: /Save notes and/ }).click();

  expect((await answered(andys)).filter((r) => r.status >= 400)).toEqual([]);
  expect((await answered(beas)).filter((r) => r.status >= 400)).toEqual([]);
  expect(andys.length).toBeGreaterThan(0); // the panel did read them while Andy was on the call
  await bea.context().close();
});
