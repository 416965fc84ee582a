import { expect, type Page } from "@playwright/test";
import { expectConsoleErrors, test } from "./fixtures";
import { finalScreenshot, signIn } from "./helpers";

test.afterEach(async ({ page }, testInfo) => finalScreenshot(page, testInfo));

/** Every console error and every failed request of the page, as a newcomer's browser would show them. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
  page.on("response", (response) => {
    const request = response.request();
    // The one expected 404 is the missing page's own document.
    if (response.status() >= 400 && request.resourceType() !== "document") problems.push(`${response.status()} ${request.method()} ${response.url()}`);
  });
  return problems;
}

for (const { email, pages } of [
  { email: "agent1@acme.example.com", pages: ["/queue", "/messages", "/dialer", "/calls", "/reports"] },
  { email: "sales.manager@acme.example.com", pages: ["/contacts", "/campaigns", "/reports", "/messages", "/dialer", "/calls"] },
  { email: "admin@acme.example.com", pages: ["/contacts", "/campaigns", "/reports", "/users", "/settings", "/messages", "/dialer", "/calls"] },
]) {
  test(`no console error or failed request on any page of ${email.split("@")[0]}, favicon included`, async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, email);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    expect(await page.locator('link[rel="icon"]').first().getAttribute("href")).toMatch(/icon/);
    expect(problems).toEqual([]);
  });
}

test("an address no page answers shows a 404 inside the app, with the navigation and a way back", async ({ page }, testInfo) => {
  expectConsoleErrors(testInfo, /status of 404/); // an address no page answers: the browser reports the 404 the test asks for
  await signIn(page, "sales.manager@acme.example.com");
  const response = await page.goto("/contacts/nowhere/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the start page" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test("the sign-in page names the product", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to Contact Center" })).toBeVisible();
  await expect(page).toHaveTitle(/Contact Center/);
});
