import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { adminHeaders, becomeAvailable, finalScreenshot, signInAsNewAgent, snap, uniquePhone } from "./helpers";

// Issue 61, point 6: pick queues are heard too. An agent chooses on the Queue
// page to hear a sound and get a desktop notification when a caller starts
// waiting while they are on another page. The browser's sound and notification
// APIs are recorded (the browser's, not ours: a headless shell plays nothing).

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an agent away from the Queue page hears a new caller and gets a desktop notification, as they chose", async ({ page }) => {
  await page.addInitScript(() => {
    const heard: string[] = [];
    Object.assign(window, { heard });
    const Audio = window.AudioContext;
    window.AudioContext = class extends Audio {
      constructor(options?: AudioContextOptions) {
        super(options);
        heard.push("sound");
      }
    };
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      constructor(title: string) {
        heard.push(`notification: ${title}`);
      }
    }
    Object.assign(window, { Notification: RecordedNotification });
  });
  const headers = await adminHeaders(page);
  await signInAsNewAgent(page, headers);
  await becomeAvailable(page);
  const choice = page.getByRole("group", { name: "When I am on another page and a caller starts waiting" });
  await choice.getByLabel("play a sound").check();
  await choice.getByLabel("show a desktop notification").check();
  await snap(page, "caller-alerts-choice");

  // Another page. The line as the Queue page read it is known there (those already waiting are not news).
  await page.getByRole("link", { name: "My calls", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My calls", level: 1 })).toBeVisible();
  // The agent looks at another window: a notification is for a tab not in view.
  await page.evaluate(() => Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" }));
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([]);

  const rang = await page.request.post("/api/dev/simulator", { headers, data: { action: "inbound", from: uniquePhone() } });
  expect(rang.status()).toBe(200);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard))
    .toEqual(["sound", expect.stringMatching(/^notification: (A caller is waiting|\d+ callers are waiting)$/)]);

  // The choice is kept in this browser: back on the Queue page, still ticked.
  await page.getByRole("link", { name: "Queue", exact: true }).click();
  await expect(choice.getByLabel("play a sound")).toBeChecked();
  await expect(choice.getByLabel("show a desktop notification")).toBeChecked();
});
