import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 45, point 3: one clock. The browser's zone is set far from the
// organization's (Kiritimati is UTC+14, the demo organization New York): every
// time the pages show is on the organization's clock, which the page names once,
// and no raw ISO time is left where a person reads.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** What the page should show for `at` with these options on `zone`'s clock (formatted by the page's own Intl, as the app's). */
async function shownAs(page: Page, at: string, zone: string, options: Intl.DateTimeFormatOptions) {
  return page.evaluate(({ at, zone, options }) => new Date(at).toLocaleString(undefined, { ...options, timeZone: zone }), { at, zone, options });
}

test("far from the organization's zone, messages, the conversation list, missed callers and the wallboard show the organization's clock and say so", async ({ page, browser }) => {
  const token = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token;
  const headers = { Authorization: `Bearer ${token}` };
  const zone = (await page.request.get("/api/organization", { headers }).then((r) => r.json())).time_zone as string;
  const texter = uniquePhone();
  expect((await page.request.post("/api/dev/simulator", { headers, data: { action: "sms_inbound", from: texter, body: "What time is it there?" } })).status()).toBe(200);
  const caller = uniquePhone();
  const rang = await page.request.post("/api/dev/simulator", { headers, data: { action: "inbound", from: caller } }).then((r) => r.json());
  expect((await page.request.post("/api/dev/simulator", { headers, data: { action: "caller_hangup", call_sid: rang.call_sid } })).status()).toBe(200);

  const context = await browser.newContext({ timezoneId: "Pacific/Kiritimati" });
  const far = await context.newPage();
  try {
    await signIn(far, "admin@acme.example.com");
    expect(await far.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Pacific/Kiritimati");

    // Messages: the bubble's time and the list's, on the organization's clock.
    await far.goto("/messages");
    await expect(far.getByRole("main")).toContainText(`Times in ${zone.replaceAll("_", " ")}`);
    const conversations = (await far.request.get("/api/conversations?per_page=100", { headers }).then((r) => r.json())).data as { id: number; phone: string; last_message_at: string }[];
    const mine = conversations.find((c) => c.phone === texter)!;
    const timeOfDay = { hour: "numeric", minute: "2-digit" } as const;
    const listed = far.locator("li, a, button").filter({ hasText: "What time is it there?" }).first();
    await expect(listed).toBeVisible();
    await listed.click();
    const bubble = far.getByTestId("message").filter({ hasText: "What time is it there?" });
    const expected = await shownAs(far, mine.last_message_at, zone, { month: "short", day: "numeric", ...timeOfDay });
    await expect(bubble).toContainText(expected);
    expect(await shownAs(far, mine.last_message_at, "Pacific/Kiritimati", { month: "short", day: "numeric", ...timeOfDay })).not.toBe(expected);
    await snap(far, "one-clock-messages");

    // The missed caller's time on the Queue page.
    await far.goto("/queue");
    const missed = (await far.request.get("/api/queue/abandoned", { headers }).then((r) => r.json())).data as { from: string; abandoned_at: string }[];
    const gone = missed.find((m) => m.from === caller)!;
    await expect(far.getByTestId("follow-up").filter({ hasText: caller.slice(-4) })).toContainText(await shownAs(far, gone.abandoned_at, zone, timeOfDay));

    // The wallboard's "updated" stamp.
    await far.goto("/reports/live");
    const stamp = far.getByText(/^Updated /);
    await expect(stamp).toBeVisible();
    const hourThere = await shownAs(far, new Date().toISOString(), zone, { hour: "numeric" });
    expect((await stamp.textContent())!).toContain(hourThere.replace(/ (AM|PM)$/, ":"));

    for (const path of ["/messages", "/queue", "/reports/live", "/calls", "/campaigns", "/settings?tab=integrations"]) {
      await far.goto(path);
      await expect(far.getByRole("main")).toBeVisible();
      await far.waitForLoadState("networkidle");
      expect(await far.getByRole("main").innerText(), path).not.toMatch(ISO);
    }
  } finally {
    await context.close();
  }
});
