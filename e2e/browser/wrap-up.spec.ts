import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { adminHeaders, becomeAvailable, finalScreenshot, signInAsNewAgent, snap } from "./helpers";

// Issue 61: wrap-up ends where the call began (I4), and the panel says what a
// required disposition needs. Each test signs in as an agent of its own, made
// through the API, so no other test's agent state is read or changed.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("an agent who was Busy is Busy again after a call they placed", async ({ page }) => {
  const agent = await signInAsNewAgent(page, await adminHeaders(page));
  const availability = page.getByRole("group", { name: "Availability" });
  const busy = availability.getByRole("button", { name: "Busy", exact: true });
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/agent/status");
  await busy.click();
  expect((await saved).status()).toBe(200);
  await page.getByRole("link", { name: "Dialer" }).click();
  await page.getByLabel("Number", { exact: true }).pressSequentially("4155550146");
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await expect(dock).toContainText("Call ended");
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);
  await expect(busy).toHaveAttribute("aria-pressed", "true");
  expect(await agent.status()).toMatchObject({ status: "busy", wrap_up: null });
});

test("a queue's required disposition is marked, holds wrap-up open saying why, and counts once picked", async ({ page }) => {
  const headers = await adminHeaders(page);
  const queues = (await page.request.get("/api/queues", { headers }).then((r) => r.json())).data as { id: number; name: string; disposition_required: boolean }[];
  const general = queues.find((q) => q.name === "General")!;
  // The organization does not require one; this queue does (reset after, for the worker's other tests).
  expect((await page.request.patch(`/api/queues/${general.id}`, { headers, data: { disposition_required: true } })).status()).toBe(200);
  try {
    const agent = await signInAsNewAgent(page, headers);
    await becomeAvailable(page);
    const callers = page.getByTestId("waiting-call");
    await expect(page.getByRole("heading", { name: /Callers waiting \(\d+\)/ })).toBeVisible();
    const before = await callers.count();
    await page.getByRole("button", { name: "Simulate inbound call" }).click();
    await expect(callers).toHaveCount(before + 1, { timeout: 5_000 });
    await callers.last().getByRole("button", { name: "Accept" }).click();
    const dock = page.getByRole("complementary", { name: "Current call" });
    await expect(dock).toContainText("On call");
    await dock.getByRole("button", { name: "Hang up" }).click();
    await expect(dock).toContainText("Call ended");

    const picker = dock.getByLabel("Disposition (required)");
    await expect(picker).toBeVisible();
    await expect(picker).toHaveAccessibleDescription("This call needs a disposition before wrap-up can end.");
    const close = dock.getByRole("button", { name: "Save notes and become available" });
    await expect(close).toBeDisabled();
    await snap(page, "wrap-up-required-disposition");

    // Picked is saved at once: the server's wrap-up no longer waits for one.
    const stored = page.waitForResponse((r) => r.request().method() === "PATCH" && /\/api\/voice\/call-logs\/\d+$/.test(new URL(r.url()).pathname));
    await picker.selectOption("Callback requested");
    expect((await stored).status()).toBe(200);
    await expect(close).toBeEnabled();
    expect(await agent.status()).toMatchObject({ status: "wrap_up", wrap_up: { disposition_required: true, has_disposition: true } });
    await close.click();
    await expect(dock).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Availability" }).getByRole("button", { name: "Available", exact: true })).toHaveAttribute("aria-pressed", "true");
  } finally {
    expect((await page.request.patch(`/api/queues/${general.id}`, { headers, data: { disposition_required: false } })).status()).toBe(200);
  }
});
