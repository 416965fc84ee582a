import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { adminHeaders, becomeAvailable, finalScreenshot, signIn, signInAsNewAgent, snap, takeInboundCall, inHoursPhone, listTime } from "./helpers";

// Issue 61, point 7, on a laptop (1440×900): the open call panel never
// covers or clips the page beside it (the Queue page's callbacks were cut to
// "Cance"), and Call history shows a screenful of calls.

test.use({ viewport: { width: 1440, height: 900 } });
test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("with a call open, the Queue page's callbacks are whole beside the call panel", async ({ page }) => {
  const admin = await adminHeaders(page);
  // The new agent is Support's: the contact is too, so the agent sees its callback.
  const departments = (await page.request.get("/api/departments", { headers: admin }).then((r) => r.json())).data as { id: number; name: string }[];
  const support = departments.find((d) => d.name === "Support")!.id;
  const contact = await page.request.post("/api/contacts", { headers: admin, data: { name: "Bartholomew Callback-Fitzgerald", phone: inHoursPhone(), department_id: support } }).then((r) => r.json());
  const agent = await signInAsNewAgent(page, admin);
  // Tomorrow at this hour, which is inside the contact's calling hours today (inHoursPhone).
  const at = new Date(Date.now() + 24 * 3600_000 + 5 * 60_000).toISOString();
  const me = await page.request.get("/api/user", { headers: agent.headers }).then((r) => r.json());
  const scheduled = await page.request.post("/api/callbacks", { headers: admin, data: { contact_id: contact.id, at, owner_id: me.id, note: "Wants the renewal quote before Friday" } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  await page.goto("/queue");
  await becomeAvailable(page);
  const dock = await takeInboundCall(page);
  const callbacks = page.getByRole("region", { name: "Scheduled callbacks" });
  const cancel = callbacks.getByRole("button", { name: "Cancel the callback to Bartholomew Callback-Fitzgerald" });
  await expect(cancel).toBeVisible();
  // When it is due, on the organization's clock (New York) as every list shows times: not the server's UTC.
  await expect(callbacks.locator("tbody tr time").first()).toHaveText(listTime(at));
  const panel = (await dock.boundingBox())!;
  const button = (await cancel.boundingBox())!;
  // Whole, left of the call panel, and not scrolled out of its table's box.
  expect(button.x + button.width).toBeLessThanOrEqual(panel.x);
  const wrap = callbacks.locator(".table-wrap");
  const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await snap(page, "laptop-queue-with-call");
  await dock.getByRole("button", { name: "Hang up" }).click();
});

test("Call history shows a screenful of calls, every column in view", async ({ page }) => {
  await signIn(page, "admin@acme.example.com");
  await page.goto("/calls");
  const rows = page.getByRole("table", { name: "Calls" }).locator("tbody tr");
  await expect(rows.nth(14)).toBeAttached();
  const inView = await rows.evaluateAll((all) => all.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(inView).toBeGreaterThanOrEqual(12);
  // Rows of two lines at most (a contact's name over their number): the middle row's height, as other tests' calls
  // in the demo organization may bring a name long enough to wrap once more.
  const heights = await rows.evaluateAll((all) => all.map((row) => Math.round(row.getBoundingClientRect().height)).sort((a, b) => a - b));
  expect(heights[Math.floor(heights.length / 2)]).toBeLessThanOrEqual(48);
  // Every column is in view: the table does not scroll sideways on a laptop.
  const wrap = await page
    .locator(".table-wrap")
    .filter({ has: page.getByRole("table", { name: "Calls" }) })
    .evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(wrap.scrollWidth).toBeLessThanOrEqual(wrap.clientWidth);
});
