import { expect } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, signInAsAgentOfNewOrganization, snap, uniquePhone } from "./helpers";

// The agent's day without a provider account: the softphone runs on the
// simulated device, and "Simulate inbound call" plays the provider.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("agent goes Available, a simulated call appears, accept, notes, hang up, and the call is in My calls", async ({ page }) => {
  await signIn(page, "agent1@acme.example.com");
  await expect(page).toHaveURL(/\/queue/);
  await expect(page.getByTestId("device-status")).toContainText("Phone ready (simulated)");
  await expect(page.getByText("You are not taking calls")).toBeVisible();

  await becomeAvailable(page);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("No callers waiting")).toBeVisible();

  await page.getByRole("button", { name: "Simulate inbound call" }).click();
  const waiting = page.getByTestId("waiting-call").first();
  await expect(waiting).toBeVisible({ timeout: 5_000 }); // polled every 2 seconds
  await expect(waiting).toContainText("position 1");
  const caller = (await waiting.locator("strong").textContent())!;
  await snap(page, "queue-waiting-call");

  await waiting.getByRole("button", { name: "Accept" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  await expect(dock.getByRole("region", { name: "Caller's contact card" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Busy" })).toHaveAttribute("aria-pressed", "true");
  await dock.getByRole("button", { name: "Mute" }).click();
  await expect(dock.getByRole("button", { name: "Unmute" })).toBeVisible();
  await dock.getByRole("button", { name: "Keypad" }).click();
  await dock.getByRole("button", { name: "Key 5" }).click();
  await expect(dock.getByLabel("Digits sent")).toHaveText("5");
  await dock.getByLabel("Call notes").fill("Asked about the spring offer");
  await snap(page, "in-call-panel");
  await page.waitForTimeout(1100); // a call that lasts at least a second
  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "My calls", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Asked about the spring offer" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Inbound");
  await expect(row).toContainText("completed");
  await expect(row).toContainText(caller.split(" ")[0]);
});

test("agent dials a national number formatted as typed and the call appears in My calls", async ({ page }) => {
  await signIn(page, "agent2@acme.example.com");
  await page.getByRole("link", { name: "Dialer" }).click();
  const number = page.getByLabel("Number", { exact: true });
  // Read in the organization's country (US): an unfinished national number is not a Moroccan one.
  await number.pressSequentially("2125550");
  await page.getByRole("button", { name: "Call" }).click();
  await expect(page.getByText("Not a whole number yet: a national number of United States")).toBeVisible();
  await number.fill("");
  await number.pressSequentially("0044 20 7946 0958");
  await expect(page.getByText("Calls +442079460958")).toBeVisible();
  await number.fill("");
  await number.pressSequentially("4155550142");
  await expect(number).toHaveValue("(415) 555-0142");
  await expect(page.getByText("Calls +14155550142")).toBeVisible();
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  await dock.getByLabel("Call notes").fill("Left a callback time");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);

  await page.getByRole("link", { name: "My calls", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Left a callback time" });
  await expect(row).toContainText("Outbound");
  await expect(row).toContainText("+1 415 555 0142");
});

test("agent picks a stored contact by search in the dialer", async ({ page }) => {
  await signIn(page, "agent1@acme.example.com");
  await page.goto("/dialer");
  const lookup = await page.request.get("/api/auth/session").then((r) => r.json());
  const contacts = await page.request.get("/api/contacts/lookup?q=a", { headers: { Authorization: `Bearer ${lookup.apiToken}` } }).then((r) => r.json());
  // One with nothing to warn about (the demo data tags some contacts DNC).
  const target = contacts.data.find((c: { opted_out: boolean; tags: string[] }) => !c.opted_out && !c.tags.some((t) => t.toLowerCase() === "dnc"));
  await page.getByLabel("Find a contact").fill(target.name.slice(0, 6));
  await page.getByRole("list", { name: "Matching contacts" }).getByRole("button").filter({ hasText: target.name }).first().click();
  await expect(page.getByText(`Calling ${target.name}`)).toBeVisible();
  await expect(page.getByRole("form", { name: "Dial a number" }).getByRole("alert")).toHaveCount(0);
});

test("agent is warned before dialing a contact who opted out", async ({ page }) => {
  const manager = await page.request.post("/api/login", { data: { email: "sales.manager@acme.example.com", password: "password" } }).then((r) => r.json());
  const created = await page.request.post("/api/contacts", { headers: { Authorization: `Bearer ${manager.token}` }, data: { name: "Quentin Refuser", phone: uniquePhone(), opted_out: true } });
  expect(created.status()).toBe(201);
  await signIn(page, "agent1@acme.example.com");
  await page.goto("/dialer");
  await page.getByLabel("Find a contact").fill("Quentin Ref");
  const match = page.getByRole("list", { name: "Matching contacts" }).getByRole("button").filter({ hasText: "Quentin Refuser" });
  await expect(match).toContainText("opted out of calls");
  await match.click();
  await expect(page.getByRole("form", { name: "Dial a number" }).getByRole("alert")).toHaveText("Quentin Refuser is opted out of calls: call only if they asked you to.");
});

test("an agent cannot reach the contact manager", async ({ page }) => {
  await signIn(page, "agent1@acme.example.com");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" })).toHaveCount(0);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Contacts" })).toHaveCount(0);
});

test("with the event stream up the queue does not poll, and a caller appears in well under a second", async ({ page }) => {
  // The page's timers run on a clock the test moves (it flows as usual until then): the poll periods
  // below are waited out by moving it, not by sleeping through them.
  await page.clock.install();
  // In an organization of its own: a reload the list makes on a queue event (a caller left waiting by
  // another test, offered to this agent once Available) is not a poll, and once failed the gate as one.
  await signInAsAgentOfNewOrganization(page);
  await expect(page).toHaveURL(/\/queue/);
  await becomeAvailable(page);
  await expect(page.getByTestId("live-status").first()).toHaveText("Live");
  // The list's first read, which Available starts, is done (its count shows): under load it once came
  // after the counting began, and was counted as a poll.
  await expect(page.getByRole("region", { name: "Waiting calls" }).getByRole("heading", { name: /^Callers waiting \(\d+\)/ })).toBeVisible();

  // Two poll periods (2 s each) without a single request for the queue: the list is not polled while the
  // stream is up. The page's clock is moved past them, firing every timer due on the way; a request
  // the page sends after them (a marker) is seen after any poll those timers sent.
  let polls = 0;
  let marked = false;
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/queue/calls") polls += 1;
    if (url.searchParams.get("marker") === "after-the-polls") marked = true;
  });
  await page.clock.runFor(4500);
  await page.evaluate(() => fetch("/api/health?marker=after-the-polls").then((r) => r.arrayBuffer()));
  await expect.poll(() => marked).toBe(true);
  expect(polls).toBe(0);

  const from = uniquePhone();
  // The clock starts when the call is placed: the test's own look-up of its token is not part of the wait.
  const token: string = await page.evaluate(async () => (await (await fetch("/api/auth/session")).json()).apiToken);
  const started = Date.now();
  const rang = await page.evaluate(
    async ({ caller, bearer }) => {
      const response = await fetch("/api/dev/simulator", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ action: "inbound", from: caller }),
      });
      return response.status;
    },
    { caller: from, bearer: token },
  );
  expect(rang).toBe(200);
  const row = page.getByTestId("waiting-call").filter({ hasText: from.slice(-4) });
  await expect(row).toBeVisible({ timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1000);
  await snap(page, "queue-live-caller");
});

test("when the event stream is down the queue says so and falls back to its 2-second poll", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /api\/events/); // the stream is cut on purpose: the browser reports the failed request
  await page.route("**/api/events**", (route) => route.abort());
  await signIn(page, "agent2@acme.example.com");
  await becomeAvailable(page);
  await expect(page.getByTestId("live-status").first()).toContainText("Live updates unavailable: refreshing every 2 s");
  const from = uniquePhone();
  const rang = await page.evaluate(async (caller) => {
    const session = await (await fetch("/api/auth/session")).json();
    return (
      await fetch("/api/dev/simulator", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.apiToken}` },
        body: JSON.stringify({ action: "inbound", from: caller }),
      })
    ).status;
  }, from);
  expect(rang).toBe(200);
  await expect(page.getByTestId("waiting-call").filter({ hasText: from.slice(-4) })).toBeVisible({ timeout: 5_000 });
  await snap(page, "queue-polling-fallback");
});

test("the state bar on every page follows the agent, and a reload during a call and during wrap-up puts the call panel back", async ({ page }) => {
  await signIn(page, "agent3@acme.example.com");
  const bar = page.getByRole("region", { name: "Your state" });
  await expect(bar.getByTestId("device-status")).toContainText("Phone ready (simulated)");
  await becomeAvailable(bar);
  await expect(bar.getByLabel("Time in this state")).toHaveText(/^\s*0:0\d$/);
  // The bar is on every page, not only the queue.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
  await expect(bar.getByRole("button", { name: "Available", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queue" }).click();

  await page.getByRole("button", { name: "Simulate inbound call" }).click();
  const banner = page.getByText(/Simulated call from .* is ringing in/);
  await expect(banner).toBeVisible();
  // Earlier tests may have left callers waiting: take the one just simulated.
  const from = /from (\S+) is ringing/.exec((await banner.textContent())!)![1].replace(/\D/g, "");
  const rows = page.getByTestId("waiting-call");
  await expect.poll(async () => (await rows.allTextContents()).some((text) => text.replace(/\D/g, "").includes(from)), { timeout: 5_000 }).toBe(true);
  const index = (await rows.allTextContents()).findIndex((text) => text.replace(/\D/g, "").includes(from));
  const waiting = rows.nth(index);
  const caller = (await waiting.locator("strong").textContent())!;
  await waiting.getByRole("button", { name: "Accept" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  // The banner of a call that was taken is gone; the queue says what the agent is doing.
  await expect(page.getByText(/is ringing in/)).toHaveCount(0);
  await expect(page.getByText("On a call", { exact: true })).toBeVisible();
  await expect(bar).toContainText(`On a call with ${caller}`);

  await page.reload();
  await expect(dock).toContainText("On call");
  await expect(dock).toContainText(caller);
  await expect(bar.getByRole("button", { name: "Busy", exact: true })).toHaveAttribute("aria-pressed", "true");
  await snap(page, "call-restored-after-reload");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");

  await page.reload();
  await expect(dock).toContainText("Call ended: wrap-up");
  await expect(page.getByText("Wrapping up", { exact: true })).toBeVisible();
  await dock.getByLabel("Call notes").fill("Restored after a reload");
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await expect(bar.getByRole("button", { name: "Available", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "My calls", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Restored after a reload" })).toContainText("Inbound");
});
