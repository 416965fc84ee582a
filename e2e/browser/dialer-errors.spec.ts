import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { finalScreenshot, signIn } from "./helpers";

// Issue 45, point 9: the Dialer's Call with an empty or an unfinished number says why, in words.

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

test("Call with no number, then with half a number, says what is missing, and nothing is dialed", async ({ page }) => {
  await signIn(page, "agent2@acme.example.com");
  await page.getByRole("link", { name: "Dialer" }).click();
  const number = page.getByLabel("Number", { exact: true });
  const hint = page.locator("#dial-hint");
  await page.getByRole("button", { name: "Call", exact: true }).click();
  await expect(hint).toHaveText("Enter a number to call, or pick a contact.");
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await number.pressSequentially("415");
  await expect(hint).not.toContainText("Enter a number");
  await page.getByRole("button", { name: "Call", exact: true }).click();
  await expect(hint).toContainText("Not a whole number yet");
  await expect(page.getByRole("complementary", { name: "Current call" })).toHaveCount(0);
});
