import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { becomeAvailable, finalScreenshot, signIn, snap } from "./helpers";

// Issue 22: control of a live call from the call panel, on the simulated
// device (the simulator plays the provider; the server's call state is real).

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an agent holds and resumes an inbound call; a reload on hold keeps the panel on hold; the hang-up wraps up", async ({ page }) => {
  await signIn(page, "agent3@acme.example.com");
  await becomeAvailable(page);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
  // This test's own caller: the last in line once it has joined. A caller an earlier test left waiting
  // in the demo organization is not this test's to take (its call may be gone at the simulated provider).
  const callers = page.getByTestId("waiting-call");
  await expect(page.getByRole("heading", { name: /Callers waiting \(\d+\)/ })).toBeVisible();
  const before = await callers.count();
  await page.getByRole("button", { name: "Simulate inbound call" }).click();
  await expect(callers).toHaveCount(before + 1, { timeout: 5_000 });
  const waiting = callers.last();
  await waiting.getByRole("button", { name: "Accept" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");

  await dock.getByRole("button", { name: "Hold" }).click();
  await expect(dock).toContainText("On hold");
  await expect(dock.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-pressed", "true");
  await snap(page, "call-on-hold");
  // The server holds the state: a reload comes back on hold.
  await page.reload();
  await expect(dock).toContainText("On hold");
  await dock.getByRole("button", { name: "Resume" }).click();
  await expect(dock).toContainText("On call");
  await expect(dock.getByRole("button", { name: "Hold" })).toHaveAttribute("aria-pressed", "false");

  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");
  // Wrap-up: the organization's dispositions (demo data) to pick from.
  await dock.getByLabel("Disposition").selectOption("Callback requested");
  await snap(page, "wrap-up-disposition");
  await dock.getByRole("button", { name: "Save notes and become available" }).click();
  await expect(dock).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
});

test("a manual call makes the agent busy, can be held once answered, and gives the agent back their availability", async ({ page }) => {
  await signIn(page, "agent3@acme.example.com");
  await becomeAvailable(page);
  await page.getByRole("link", { name: "Dialer" }).click();
  await page.getByLabel("Number", { exact: true }).pressSequentially("4155550143");
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(page.getByRole("button", { name: "Busy" })).toHaveAttribute("aria-pressed", "true");
  await expect(dock).toContainText("On call");
  await dock.getByRole("button", { name: "Hold" }).click();
  await expect(dock).toContainText("On hold");
  await dock.getByRole("button", { name: "Resume" }).click();
  await expect(dock).toContainText("On call");
  await page.waitForTimeout(1100);
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Available" })).toHaveAttribute("aria-pressed", "true");
});
