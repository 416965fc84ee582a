import { expect } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Text messages on a fresh machine: the in-app simulator plays the provider
// (incoming texts and delivery statuses, signed like the provider's).

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("agent receives a text, replies with the segment counter, sees it delivered, then the sender texts STOP and texting is refused", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 409.*\/api\/messages/); // texting an opted-out number is refused (409) on purpose
  const sender = uniquePhone();
  await signIn(page, "agent1@acme.example.com");
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/\/messages/);

  await page.getByRole("button", { name: "Simulate incoming SMS" }).click();
  await page.getByLabel("From (E.164, optional)").fill(sender);
  await page.getByLabel("Text", { exact: true }).fill("Hi, can I move my appointment to Friday?");
  await page.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByRole("status").filter({ hasText: "arrived" })).toBeVisible();

  const row = page.getByTestId("conversation").filter({ hasText: "Hi, can I move my appointment" });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row.getByLabel("1 unread")).toBeVisible();
  await row.click();
  const thread = page.getByRole("region", { name: "Conversation", exact: true });
  await expect(thread.getByTestId("message").first()).toContainText("Hi, can I move my appointment to Friday?");
  await expect(row.getByLabel("1 unread")).toHaveCount(0, { timeout: 5_000 }); // read once opened

  const reply = thread.getByLabel("Reply");
  await reply.fill("Of course! Friday at 10:00 works. 😀");
  await expect(thread.getByTestId("segment-counter")).toContainText("UCS-2 · 1 segment");
  await reply.press("Control+Enter");
  const sent = thread.getByTestId("message").filter({ hasText: "Friday at 10:00 works" });
  await expect(sent).toContainText("Sending…");
  await expect(thread).toContainText("Assigned to you");
  await snap(page, "messages-reply-sending");

  await sent.getByRole("button", { name: "mark delivered" }).click();
  await expect(sent).toContainText("✓✓ Delivered");
  await expect(sent).toHaveAttribute("data-status", "delivered");

  // The sender opts out: the answer is in the thread and the composer says why it is closed.
  await page.getByLabel("Text", { exact: true }).fill("STOP");
  await page.getByRole("button", { name: "Receive" }).click();
  await expect(thread.getByTestId("message").filter({ hasText: "You have been unsubscribed" })).toBeVisible({ timeout: 5_000 });
  await expect(thread.getByRole("status").filter({ hasText: "replied STOP" })).toBeVisible();
  await expect(thread.getByLabel("Reply")).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Contact" })).toContainText("Opted out");
  await snap(page, "messages-opted-out");

  // The API refuses too, whatever the page shows.
  const refused = await page.evaluate(async (to) => {
    const session = await (await fetch("/api/auth/session")).json();
    const response = await fetch("/api/messages", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.apiToken}` },
      body: JSON.stringify({ to, body: "One more thing" }),
    });
    return { status: response.status, body: await response.json() };
  }, sender);
  expect(refused.status).toBe(409);
  expect(refused.body.reason).toBe("sms_opt_out");

  // Saved as a contact in one step, from the card beside the thread.
  await page.getByLabel("Save as a contact").fill("Friday Patient");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(thread.getByRole("heading", { name: "Friday Patient" })).toBeVisible();
});

test("text people send is drawn as a bidirectional isolate: an override in it stops at its end (issue 59, point 9)", async ({ page }) => {
  const sender = uniquePhone();
  await signIn(page, "agent1@acme.example.com");
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await page.getByRole("button", { name: "Simulate incoming SMS" }).click();
  await page.getByLabel("From (E.164, optional)").fill(sender);
  // U+202E turns what follows it around: "gnp.exe" would read "exe.png", and so would the rest of the row.
  await page.getByLabel("Text", { exact: true }).fill("See invoice\u202Egnp.exe");
  await page.getByRole("button", { name: "Receive", exact: true }).click();
  const row = page.getByTestId("conversation").filter({ hasText: "See invoice" });
  await expect(row).toBeVisible({ timeout: 5_000 });
  expect(await row.locator(".preview").textContent()).toContain("\u2068See invoice\u202Egnp.exe\u202C\u2069");
  await row.click();
  const thread = page.getByRole("region", { name: "Conversation", exact: true });
  await expect(thread.getByTestId("message").first()).toContainText("\u2068See invoice\u202Egnp.exe\u202C\u2069");
});
