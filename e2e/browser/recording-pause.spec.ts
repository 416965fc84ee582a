import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 47, point 2, in the browser: an agent pauses the call's recording
// while a card number is read out, resumes it, and the call's details say
// when; point 4: the recording plays through this service's address.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an agent pauses and resumes the recording on the call panel; the call's details keep the pause with its times", async ({ page }) => {
  await signIn(page, "agent@globex.example.com");
  await page.getByRole("link", { name: "Dialer" }).click();
  await page.getByLabel("Number", { exact: true }).pressSequentially("4155550166");
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");

  // The demo organization records its calls: the panel offers the pause.
  await dock.getByRole("button", { name: "Pause recording" }).click();
  await expect(dock.getByTestId("recording-paused")).toHaveText("Recording paused: nothing said now is recorded. Resume it when you are done.");
  await snap(page, "recording-paused");
  await dock.getByRole("button", { name: "Resume recording" }).click();
  await expect(dock.getByTestId("recording-paused")).toHaveCount(0);
  await expect(dock.getByRole("button", { name: "Pause recording" })).toBeVisible();

  await dock.getByLabel("Call notes").fill("Took a card payment");
  // A call that lasts at least a second: the simulated phone reports whole seconds, and a call of
  // 0 s has no recording (a gate on a fast hour hung up within half a second: no recording to play).
  // The panel's clock counts from the same connection, so it says when a second has passed.
  await expect(dock.getByLabel("Call duration")).not.toHaveText("0:00");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);

  await page.goto("/calls");
  const row = page.getByRole("row").filter({ hasText: "Took a card payment" });
  await expect(row.getByLabel("Recording")).toHaveAttribute("src", /^\/api\/calls\/CA[0-9a-zA-Z]{32}\/recording$/);
  await row.getByRole("button", { name: /details/i }).click();
  const details = page.getByRole("definition").filter({ hasText: "–" }).first();
  await expect(page.getByRole("term").filter({ hasText: "Recording paused" })).toBeVisible();
  await expect(details).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  await snap(page, "recording-pause-in-details");
});

test("an admin sets how long recordings are kept, and places a legal hold on a call from its details", async ({ page }) => {
  await signIn(page, "admin@globex.example.com");
  await page.goto("/settings?tab=telephony");
  const recordings = page.getByRole("region", { name: "Recordings" });
  await recordings.getByLabel("Delete recordings after (days)").fill("0");
  await recordings.getByRole("button", { name: "Save" }).click();
  await expect(recordings.getByText(/from 1 to 3650/)).toBeVisible();
  await recordings.getByLabel("Delete recordings after (days)").fill("90");
  await recordings.getByRole("button", { name: "Save" }).click();
  await expect(recordings.getByRole("status")).toHaveText("Saved.");
  await snap(page, "settings-recordings");

  await page.goto("/calls");
  const recorded = page
    .getByRole("row")
    .filter({ has: page.getByLabel("Recording") })
    .first();
  await recorded.getByRole("button", { name: "Details" }).click();
  await page.getByRole("button", { name: "Place legal hold" }).click();
  await expect(page.getByText("On hold: its recording is kept past retention")).toBeVisible();
  await page.getByRole("button", { name: "Release legal hold" }).click();
  await expect(page.getByRole("button", { name: "Place legal hold" })).toBeVisible();
});
