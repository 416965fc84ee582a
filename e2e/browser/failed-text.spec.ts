import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap, uniquePhone } from "./helpers";

// Issue 45, point 7: a failed text explains itself (what the provider's code
// means, what to do) and offers Retry where sending it again can succeed.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a text the phone could not receive says why and what to do; Retry sends it again", async ({ page }) => {
  const admin = (await page.request.post("/api/login", { data: { email: "admin@acme.example.com", password: "password" } }).then((r) => r.json())).token as string;
  const from = uniquePhone();
  expect((await page.request.post("/api/dev/simulator", { headers: { Authorization: `Bearer ${admin}` }, data: { action: "sms_inbound", from, body: "Can someone text me back?" } })).status()).toBe(
    200,
  );
  await signIn(page, "agent1@acme.example.com");
  await page.goto("/messages");
  await page
    .getByRole("button", { name: new RegExp(from.slice(-4)) })
    .first()
    .click();
  await page.getByLabel("Reply", { exact: true }).fill("Hello, this is Acme.");
  await page.getByRole("button", { name: "Send" }).click();
  const sent = page.getByTestId("message").filter({ hasText: "Hello, this is Acme." });
  await expect(sent).toHaveCount(1);
  // The simulator plays the provider's report: not delivered, error 30003 (the phone was off).
  await sent.getByRole("button", { name: "mark failed" }).click();
  const why = sent.getByRole("note", { name: "Why it failed" });
  await expect(why).toContainText("The phone was off or out of coverage.");
  await expect(why).toContainText("Try again later, or call.");
  await snap(page, "failed-text-explained");
  await why.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("message").filter({ hasText: "Hello, this is Acme." })).toHaveCount(2);
});
