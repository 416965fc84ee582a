import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn, snap } from "./helpers";

// Issue 47, point 2, in the browser: an admin names the payment connector; an
// agent takes a card payment on a recorded call, and the recording pauses by
// itself while the caller keys the card and resumes when the processor
// answers. The simulator plays the caller's keys and the processor.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("a card payment on a call pauses the recording until the processor answers; the call's details say why it was paused", async ({ page }) => {
  await signIn(page, "admin@globex.example.com");
  await page.goto("/settings?tab=telephony");
  const settings = page.getByRole("form", { name: "Card payments on calls" });
  await settings.getByLabel("Pay Connector (its unique name at the provider)").fill("not a name");
  await settings.getByRole("button", { name: "Save card payments" }).click();
  await expect(settings.getByText("The connector's unique name has letters, digits, - and _ (at most 64).")).toBeVisible();
  await settings.getByLabel("Pay Connector (its unique name at the provider)").fill("Stripe_Connector");
  await settings.getByRole("button", { name: "Save card payments" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  await snap(page, "settings-card-payments");

  await page.context().clearCookies();
  await signIn(page, "agent@globex.example.com");
  await page.getByRole("link", { name: "Dialer" }).click();
  await page.getByLabel("Number", { exact: true }).pressSequentially("4155550167");
  await page.getByRole("button", { name: "Call" }).click();
  const dock = page.getByRole("complementary", { name: "Current call" });
  await expect(dock).toContainText("On call");

  await dock.getByRole("button", { name: "Take a payment" }).click();
  const form = dock.getByRole("form", { name: "Take a card payment" });
  await form.getByLabel("Amount").fill("12.50");
  await form.getByLabel("What for (optional)").fill("Invoice 77");
  await form.getByRole("button", { name: "Ask for the card" }).click();

  const payment = dock.getByRole("group", { name: "Card payment" });
  await expect(payment).toContainText("Card payment · $12.50 · Invoice 77");
  await expect(payment).toContainText("The caller is keying the card number.");
  await expect(dock.getByTestId("recording-paused")).toHaveText("Recording paused for the card payment: it resumes when the payment ends.");
  await expect(dock.getByRole("button", { name: "Resume recording" })).toBeDisabled();
  await expect(payment.getByRole("button", { name: "Charge $12.50" })).toBeDisabled();

  await payment.getByRole("button", { name: "Simulate the caller's keys" }).click();
  await expect(payment).toContainText("visa •••• 1111");
  await expect(payment).toContainText("Still to key: expiry date, security code");
  await payment.getByRole("button", { name: "Ask for the expiry date" }).click();
  await expect(payment).toContainText("The caller is keying the expiry date.");
  await payment.getByRole("button", { name: "Simulate the caller's keys" }).click();
  await payment.getByRole("button", { name: "Ask for the security code" }).click();
  await expect(payment).toContainText("The caller is keying the security code.");
  await payment.getByRole("button", { name: "Simulate the caller's keys" }).click();
  await expect(payment).toContainText("Every detail is keyed: charge the card.");
  await snap(page, "card-payment-keyed");

  await payment.getByRole("button", { name: "Charge $12.50" }).click();
  await expect(payment).toContainText("Sent to the payment processor; waiting for its answer…");
  await payment.getByRole("button", { name: "Simulate the processor's answer" }).click();
  await expect(dock.getByTestId("payment-outcome")).toContainText(/^Paid \$12\.50 with visa •••• 1111 · reference ch_sim_[0-9a-f]{16}$/);
  await expect(dock.getByTestId("recording-paused")).toHaveCount(0);
  await expect(dock.getByRole("button", { name: "Pause recording" })).toBeEnabled();
  await snap(page, "card-payment-paid");

  await dock.getByLabel("Call notes").fill("Paid invoice 77 by card");
  await dock.getByRole("button", { name: "Hang up" }).click();
  await dock.getByRole("button", { name: "Save notes and close" }).click();
  await expect(dock).toHaveCount(0);
  await page.goto("/calls");
  const row = page.getByRole("row").filter({ hasText: "Paid invoice 77 by card" });
  await row.getByRole("button", { name: /details/i }).click();
  await expect(page.getByRole("definition").filter({ hasText: "while a card payment was taken" })).toBeVisible();
});
